import { maskName, type TradeItem, type TradeListParams, type TradePage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';

const n = (v: unknown) => Number(v);
const SHANGHAI_MS = 8 * 3600e3;
/** The first instant of an Asia/Shanghai day 'YYYY-MM-DD'. */
export const dayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_MS);

/**
 * The caller's scope on transactions: the merchants of its subtree (their direct agent's path
 * starts with the caller's), written as a range on the "C"-collated path copy; `own` is the
 * caller's own merchants, `team` the rest of its subtree. Operators see every tree.
 */
export function tradeScope(caller: Caller, scope: 'all' | 'own' | 'team'): SQL {
  if (caller.role === 'operator') return scope === 'all' ? sql`TRUE` : sql`FALSE`;
  if (scope === 'own') return sql`t.top_id = ${caller.topId} AND t.agent_path = ${caller.path}`;
  const range = sql`t.top_id = ${caller.topId} AND t.agent_path >= ${caller.path} AND t.agent_path < ${`${caller.path}~`}`;
  return scope === 'team' ? sql`${range} AND t.agent_path <> ${caller.path}` : range;
}

export function toTradeItem(r: Record<string, unknown>, caller: Caller): TradeItem {
  return {
    id: n(r.id),
    acquirerTxnId: String(r.acquirer_txn_id),
    kind: n(r.kind),
    sn: String(r.sn),
    merchantId: r.merchant_id == null ? null : n(r.merchant_id),
    merchantName: (r.merchant_name as string | null) ?? null,
    agentName: r.agent_name == null ? null : maskName(String(r.agent_name)),
    own: r.agent_id != null && n(r.agent_id) === caller.agentId,
    payType: n(r.pay_type),
    totalType: n(r.total_type),
    cardType: n(r.card_type),
    method: n(r.method),
    status: n(r.status),
    amountFen: n(r.amount_fen),
    feeFen: r.fee_fen == null ? null : n(r.fee_fen),
    cardNoMasked: (r.card_no_masked as string | null) ?? null,
    tradeTime: new Date(r.trade_time as string).toISOString(),
  };
}

/** The columns of a trade item; `settledFee` is the settlement's fee (a trade's own fee first). */
export const tradeColumns = (
  settledFee: SQL,
) => sql`t.id, t.acquirer_txn_id, t.kind, t.sn, t.merchant_id, t.agent_id, t.pay_type, t.total_type,
  t.card_type, t.method, t.status, t.amount_fen, coalesce(t.fee_fen, ${settledFee}) AS fee_fen, t.card_no_masked, t.trade_time,
  m.name AS merchant_name, a.name AS agent_name`;

/**
 * The merchant and agent of a trade `t` (a transactions row of the caller's tree) are joined in
 * that tree: ` AND m.top_id = t.top_id` (the shard key, decision 020); unchanged for operators.
 */
export const sameTree = (caller: Pick<Caller, 'topId'>, alias: string, topId: SQL): SQL =>
  caller.topId === null ? sql`` : sql` AND ${sql.raw(alias)}.top_id = ${topId}`;

/**
 * Transactions of the caller's merchants and team, newest first, keyset paged by (trade time,
 * id), filterable by pay type, total type, status, kind, Asia/Shanghai dates, merchant and SN.
 * Flagged transactions (unknown or unbound terminals) belong to no merchant and never show here.
 */
export async function listTrades(
  db: DbOrTx,
  caller: Caller,
  q: TradeListParams,
): Promise<TradePage> {
  const filters: SQL[] = [tradeScope(caller, q.scope)];
  if (q.payType) filters.push(sql`t.pay_type = ${q.payType}`);
  if (q.totalType) filters.push(sql`t.total_type = ${q.totalType}`);
  if (q.status) filters.push(sql`t.status = ${q.status}`);
  if (q.kind) filters.push(sql`t.kind = ${q.kind}`);
  if (q.merchantId) filters.push(sql`t.merchant_id = ${q.merchantId}`);
  if (q.sn) filters.push(sql`t.sn = ${q.sn}`);
  if (q.startDate) filters.push(sql`t.trade_time >= ${dayStart(q.startDate)}`);
  if (q.endDate)
    filters.push(sql`t.trade_time < ${new Date(dayStart(q.endDate).getTime() + 86400e3)}`);
  if (q.cursor) {
    const [ms, id] = q.cursor.split('_').map(Number) as [number, number];
    filters.push(sql`(t.trade_time, t.id) < (${new Date(ms)}::timestamptz, ${id}::bigint)`);
  }
  const found = await rows<Record<string, unknown>>(
    db,
    // The settlement's fee is read beside its transaction (a settlement reaches its tree only
    // through it), after the limit, like the joins below.
    sql`SELECT ${tradeColumns(sql`t.settled_fee_fen`)}
          FROM (SELECT t.*, (SELECT st.fee_fen FROM settlements st WHERE st.txn_id = t.id) AS settled_fee_fen
                  FROM transactions t WHERE ${sql.join(filters, sql` AND `)}
                 ORDER BY t.trade_time DESC, t.id DESC LIMIT ${q.pageSize + 1}) t
          LEFT JOIN merchants m ON m.id = t.merchant_id${sameTree(caller, 'm', sql`${caller.topId}`)}
          LEFT JOIN agents a ON a.id = t.agent_id${sameTree(caller, 'a', sql`${caller.topId}`)}
         ORDER BY t.trade_time DESC, t.id DESC`,
  );
  const page = found.slice(0, q.pageSize).map((r) => toTradeItem(r, caller));
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor:
      found.length > q.pageSize && last ? `${new Date(last.tradeTime).getTime()}_${last.id}` : null,
  };
}
