import {
  maskName,
  maskPhone,
  type MerchantTerminals,
  type MerchantTerminalsParams,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents, merchants } from '../../db/schema';
import { select, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { andInTree, callerPathCopyScope } from '../../db/tree';
import { activationFields, activationJoins, toActivationRow } from './activation-rows';
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
  const m = await selectOne(
    db,
    {
      id: merchants.id,
      merchantNo: merchants.merchantNo,
      name: merchants.name,
      legalName: merchants.legalName,
      mobile: merchants.mobile,
      createdAt: merchants.createdAt,
      agentId: merchants.agentId,
      agentName: agents.name,
    },
    sql`FROM ${merchants} JOIN ${agents} ON ${agents.id} = ${merchants.agentId}${andInTree(sql`${agents.topId}`, caller)}
        WHERE ${merchants.id} = ${query.merchantId} AND ${callerPathCopyScope(sql`${merchants.agentPath}`, caller)}${andInTree(sql`${merchants.topId}`, caller)}`,
  );
  if (!m) throw notFound();

  const filters: SQL[] = [
    sql`t.merchant_id = ${query.merchantId}${andInTree(sql`t.top_id`, caller)}`,
    sql`t.deleted_at IS NULL`,
  ];
  const after = decodeSnCursor(query.cursor);
  if (after) filters.push(sql`t.sn > ${after}`);
  const found = await select(
    db,
    activationFields(caller),
    sql`FROM (SELECT t.* FROM terminals t WHERE ${sql.join(filters, sql` AND `)}
              ORDER BY t.sn LIMIT ${query.pageSize + 1}) t
        ${activationJoins(caller)}
        ORDER BY t.sn`,
  );
  const page = found.slice(0, query.pageSize);
  const last = page[page.length - 1];
  const agentIsCaller = m.agentId === caller.agentId;
  return {
    merchant: {
      id: m.id,
      merchantNo: m.merchantNo,
      name: m.name,
      legalName: maskName(m.legalName),
      mobile: maskPhone(m.mobile),
      agentName: agentIsCaller ? m.agentName : maskName(m.agentName),
      createdAt: m.createdAt.toISOString(),
    },
    rows: page.map((r) => toActivationRow(r, now, caller.agentId)),
    nextCursor: found.length > query.pageSize && last ? encodeCursor([last.sn]) : null,
  };
}
