import {
  maskName,
  maskPhone,
  type MerchantTerminals,
  type MerchantTerminalsParams,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { andInTree, callerPathCopyScope } from '../../db/tree';
import { activationColumns, activationJoins, toActivationRow } from './activation-rows';
import { isoOrNull, num } from '../../db/convert';
import { decodeSnCursor, encodeCursor } from '../../lib/keyset';

/**
 * A merchant's bound terminals with their binding time and activation state
 * (/pages/home/tripartiteData/merchBindTerm), in keyset pages by SN (the terminals' merchant
 * index). A merchant outside the caller's subtree answers like a missing one.
 */
export async function getMerchantTerminals(
  db: DbOrTx,
  caller: Caller,
  query: MerchantTerminalsParams,
  now: Date = new Date(),
): Promise<MerchantTerminals> {
  const [m] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT m.id, m.merchant_no, m.name, m.legal_name, m.mobile, m.created_at, m.agent_id, a.name AS agent_name
        FROM merchants m JOIN agents a ON a.id = m.agent_id${andInTree(sql`a.top_id`, caller)}
        WHERE m.id = ${query.merchantId} AND ${callerPathCopyScope(sql`m.agent_path`, caller)}${andInTree(sql`m.top_id`, caller)}`,
  );
  if (!m) throw notFound();

  const filters: SQL[] = [
    sql`t.merchant_id = ${query.merchantId}${andInTree(sql`t.top_id`, caller)}`,
    sql`t.deleted_at IS NULL`,
  ];
  const after = decodeSnCursor(query.cursor);
  if (after) filters.push(sql`t.sn > ${after}`);
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${activationColumns(caller)}
        FROM (SELECT t.* FROM terminals t WHERE ${sql.join(filters, sql` AND `)}
              ORDER BY t.sn LIMIT ${query.pageSize + 1}) t
        ${activationJoins(caller)}
        ORDER BY t.sn`,
  );
  const page = found.slice(0, query.pageSize);
  const last = page[page.length - 1];
  const agentIsCaller = num(m.agent_id) === caller.agentId;
  return {
    merchant: {
      id: num(m.id),
      merchantNo: String(m.merchant_no),
      name: String(m.name),
      legalName: maskName(String(m.legal_name)),
      mobile: maskPhone(String(m.mobile)),
      agentName: agentIsCaller ? String(m.agent_name) : maskName(String(m.agent_name)),
      createdAt: isoOrNull(m.created_at) ?? new Date(0).toISOString(),
    },
    rows: page.map((r) => toActivationRow(r, now, caller.agentId)),
    nextCursor: found.length > query.pageSize && last ? encodeCursor([String(last.sn)]) : null,
  };
}
