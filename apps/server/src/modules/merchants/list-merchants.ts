import {
  maskName,
  maskPhone,
  type MerchantListItem,
  type MerchantListParams,
  type MerchantPage,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { shownName } from '../../lib/people';
import { rows, type Db } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { holderPath } from '../terminals/list-terminals';
import { andInTree } from '../../db/tree';
import { decodeCursor, encodeCursor, inScope, isoNow, num } from '../terminals/scope';

/** First moment of the current month in Asia/Shanghai, as SQL. */
export const MONTH_START = sql`(date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`;

export const MERCHANT_COLUMNS = sql`m.id, m.merchant_no, m.name, m.legal_name, m.mobile, m.agent_id, m.agent_path,
  a.name AS agent_name, m.status, m.licence_status, m.identify_status, m.created_at,
  coalesce(tc.n, 0) AS terminal_count, coalesce(tc.activated, 0) AS activated_count`;

/**
 * Each merchant's agent and live terminal counts, for the rows of one page only. An agent reads
 * them in its tree (decision 020): a merchant's agent and terminals are of the merchant's tree.
 */
export const merchantJoins = (caller: Pick<Caller, 'topId'>) => sql`JOIN agents a
    ON a.id = m.agent_id${andInTree(sql`a.top_id`, caller)}
  LEFT JOIN LATERAL (SELECT count(*) AS n, count(*) FILTER (WHERE t.bind_status = 3) AS activated
    FROM terminals t WHERE t.merchant_id = m.id${andInTree(sql`t.top_id`, caller)} AND t.deleted_at IS NULL) tc ON TRUE`;

export function toMerchantItem(r: Record<string, unknown>, caller: Caller): MerchantListItem {
  const agentId = num(r.agent_id);
  const own = agentId === caller.agentId;
  return {
    id: num(r.id),
    merchantNo: String(r.merchant_no),
    name: String(r.name),
    legalName: maskName(String(r.legal_name)),
    mobile: maskPhone(String(r.mobile)),
    agentId,
    // The merchant's agent: the caller or a member of its team, by name (decision 010).
    agentName: shownName(caller, { id: agentId, path: String(r.agent_path) }, String(r.agent_name)),
    own,
    status: num(r.status),
    terminalCount: num(r.terminal_count),
    activatedCount: num(r.activated_count),
    licenceStatus: num(r.licence_status),
    identifyStatus: num(r.identify_status),
    createdAt: isoNow(r.created_at),
  };
}

/**
 * A page of the subtree's merchants, ordered by (agent path, newest first): the caller's own
 * merchants, then each sub-agent's. Conditions filter on activation, the month, the licence and
 * identification.
 */
export async function listMerchants(
  db: Db,
  caller: Caller,
  params: MerchantListParams,
): Promise<MerchantPage> {
  const cursor = decodeCursor(params.cursor, ['string', 'number'] as const);
  const where: SQL[] = [inScope(sql`m.agent_path`, caller)];
  if (params.agentId !== undefined)
    where.push(sql`m.agent_path = ${await holderPath(db, caller, params.agentId)}`);
  if (params.keyword) {
    const kw = params.keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(
      sql`(m.name LIKE ${'%' + kw + '%'} OR m.mobile LIKE ${kw + '%'} OR m.merchant_no LIKE ${kw.toUpperCase() + '%'})`,
    );
  }
  const activated = sql`EXISTS (SELECT 1 FROM terminals t WHERE t.merchant_id = m.id${andInTree(sql`t.top_id`, caller)} AND t.bind_status = 3 AND t.deleted_at IS NULL)`;
  switch (params.condition) {
    case 'activated':
      where.push(activated);
      break;
    case 'notActivated':
      where.push(sql`NOT ${activated}`);
      break;
    case 'newThisMonth':
      where.push(sql`m.created_at >= ${MONTH_START}`);
      break;
    case 'noLicence':
      where.push(sql`m.licence_status <> 2`);
      break;
    case 'notIdentified':
      where.push(sql`m.identify_status <> 1`);
      break;
    default:
      break;
  }
  if (cursor) {
    where.push(
      sql`m.agent_path >= ${cursor[0]} AND (m.agent_path > ${cursor[0]} OR m.id < ${cursor[1]})`,
    );
  }
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${MERCHANT_COLUMNS} FROM merchants m ${merchantJoins(caller)}
        WHERE ${sql.join(where, sql` AND `)}${andInTree(sql`m.top_id`, caller)}
        ORDER BY m.agent_path, m.id DESC LIMIT ${params.pageSize + 1}`,
  );
  const page = found.slice(0, params.pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => toMerchantItem(r, caller)),
    nextCursor:
      found.length > params.pageSize && last
        ? encodeCursor([String(last.agent_path), num(last.id)])
        : null,
  };
}
