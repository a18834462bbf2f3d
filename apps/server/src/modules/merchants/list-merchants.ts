import {
  maskName,
  maskPhone,
  type MerchantListItem,
  type MerchantListParams,
  type MerchantPage,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { shownName } from '../../lib/people';
import { alias } from 'drizzle-orm/pg-core';
import { nameByText, type Db } from '../../db/client';
import { agents, merchants } from '../../db/schema';
import { decode, preparedSelect, selection, type RowOf } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { holderPath } from '../terminals/list-terminals';
import { andInTree } from '../../db/tree';
import { callerPathCopyScope } from '../../db/tree';
import { decodeCursor, encodeCursor } from '../../lib/keyset';

/** First moment of the current month in Asia/Shanghai, as SQL. */
export const MONTH_START = sql`(date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`;

const m = alias(merchants, 'm');
const a = alias(agents, 'a');
/** A merchant as lists show it, over `merchants m` with merchantJoins. */
const MERCHANT_ITEM = {
  id: m.id,
  merchantNo: m.merchantNo,
  name: m.name,
  legalName: m.legalName,
  mobile: m.mobile,
  agentId: m.agentId,
  agentPath: m.agentPath,
  agentName: a.name,
  status: m.status,
  licenceStatus: m.licenceStatus,
  identifyStatus: m.identifyStatus,
  createdAt: m.createdAt,
  terminalCount: sql`coalesce(tc.n, 0)`.mapWith(decode.number),
  activatedCount: sql`coalesce(tc.activated, 0)`.mapWith(decode.number),
};
const merchantItem = selection(MERCHANT_ITEM);
export type MerchantItemRow = RowOf<typeof MERCHANT_ITEM>;

/**
 * Each merchant's agent and live terminal counts, for the rows of one page only. An agent reads
 * them in its tree (decision 020): a merchant's agent and terminals are of the merchant's tree.
 * The agent is read by its key through a LATERAL: as a plain join, the generic plan of the
 * prepared list could walk the tree's agents for every row (issue 35).
 */
export const merchantJoins = (
  caller: Pick<Caller, 'topId'>,
) => sql`CROSS JOIN LATERAL (SELECT aa.name
      FROM agents aa WHERE aa.id = m.agent_id${andInTree(sql`aa.top_id`, caller)} LIMIT 1) a
  LEFT JOIN LATERAL (SELECT count(*) AS n, count(*) FILTER (WHERE t.bind_status = 3) AS activated
    FROM terminals t WHERE t.merchant_id = m.id${andInTree(sql`t.top_id`, caller)} AND t.deleted_at IS NULL) tc ON TRUE`;

export function toMerchantItem(r: MerchantItemRow, caller: Caller): MerchantListItem {
  const agentId = r.agentId;
  const own = agentId === caller.agentId;
  return {
    id: r.id,
    merchantNo: r.merchantNo,
    name: r.name,
    legalName: maskName(r.legalName),
    mobile: maskPhone(r.mobile),
    agentId,
    // The merchant's agent: the caller or a member of its team, by name (decision 010).
    agentName: shownName(caller, { id: agentId, path: r.agentPath }, r.agentName),
    own,
    status: r.status,
    terminalCount: r.terminalCount,
    activatedCount: r.activatedCount,
    licenceStatus: r.licenceStatus,
    identifyStatus: r.identifyStatus,
    createdAt: r.createdAt.toISOString(),
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
  const where: SQL[] = [callerPathCopyScope(sql`m.agent_path`, caller)];
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
  // A named prepared statement per shape of filters: planned once per connection, as planning
  // (the terminals' partitions, the joins) cost more than running it on a page (issue 35).
  const found = await preparedSelect(
    db,
    nameByText('merchant_list'),
    merchantItem,
    sql`FROM merchants m ${merchantJoins(caller)}
        WHERE ${sql.join(where, sql` AND `)}${andInTree(sql`m.top_id`, caller)}
        ORDER BY m.agent_path, m.id DESC LIMIT ${params.pageSize + 1}`,
  );
  const page = found.slice(0, params.pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => toMerchantItem(r, caller)),
    nextCursor:
      found.length > params.pageSize && last ? encodeCursor([last.agentPath, last.id]) : null,
  };
}
