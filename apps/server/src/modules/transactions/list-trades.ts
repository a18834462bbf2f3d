import { maskName, type TradeItem, type TradeListParams, type TradePage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nameByText, type DbOrTx } from '../../db/client';
import { agents, merchants, transactions } from '../../db/schema';
import { decode, orNull, preparedSelect, selection, type RowOf } from '../../db/typed';
import type { Caller } from '../../plugins/auth';

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

const t = alias(transactions, 't');
const m = alias(merchants, 'm');
const a = alias(agents, 'a');

/**
 * The fields of a trade item over `t` (transactions, or a subquery of its columns) with its
 * merchant `m` and agent `a` outer-joined; `settledFee` is the settlement's fee (a trade's own
 * fee first).
 */
export const tradeFields = (settledFee: SQL) => ({
  id: t.id,
  acquirerTxnId: t.acquirerTxnId,
  kind: t.kind,
  sn: t.sn,
  merchantId: t.merchantId,
  agentId: t.agentId,
  payType: t.payType,
  totalType: t.totalType,
  cardType: t.cardType,
  method: t.method,
  status: t.status,
  amountFen: t.amountFen,
  feeFen: sql`coalesce(${t.feeFen}, ${settledFee})`.mapWith(decode.numberOrNull),
  cardNoMasked: t.cardNoMasked,
  tradeTime: t.tradeTime,
  merchantName: orNull(m.name),
  agentName: orNull(a.name),
});
export type TradeRow = RowOf<ReturnType<typeof tradeFields>>;

export function toTradeItem(r: TradeRow, caller: Caller): TradeItem {
  return {
    id: r.id,
    acquirerTxnId: r.acquirerTxnId,
    kind: r.kind,
    sn: r.sn,
    merchantId: r.merchantId,
    merchantName: r.merchantName,
    agentName: r.agentName === null ? null : maskName(r.agentName),
    own: r.agentId !== null && r.agentId === caller.agentId,
    payType: r.payType,
    totalType: r.totalType,
    cardType: r.cardType,
    method: r.method,
    status: r.status,
    amountFen: r.amountFen,
    feeFen: r.feeFen,
    cardNoMasked: r.cardNoMasked,
    tradeTime: r.tradeTime.toISOString(),
  };
}

/**
 * The merchant and agent of a trade `t` (a transactions row of the caller's tree) are joined in
 * that tree: ` AND m.top_id = t.top_id` (the shard key, decision 020); unchanged for operators.
 */
export const sameTree = (caller: Pick<Caller, 'topId'>, alias: string, topId: SQL): SQL =>
  caller.topId === null ? sql`` : sql` AND ${sql.raw(alias)}.top_id = ${topId}`;

const listFields = selection(tradeFields(sql`t.settled_fee_fen`));

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
  // The settlement's fee is read beside its transaction (a settlement reaches its tree only
  // through it), after the limit, like the merchant and the agent. The statement is a named
  // prepared statement per shape of filters (planned once per connection, issue 35); its
  // merchant and agent are read by key through a LATERAL, as plain joins on the generic plan
  // scanned the tree's merchants for every row of the page.
  const found = await preparedSelect(
    db,
    nameByText('trade_list'),
    listFields,
    sql`FROM (SELECT t.*, (SELECT st.fee_fen FROM settlements st WHERE st.txn_id = t.id) AS settled_fee_fen
                  FROM transactions t WHERE ${sql.join(filters, sql` AND `)}
                 ORDER BY t.trade_time DESC, t.id DESC LIMIT ${q.pageSize + 1}) t
          LEFT JOIN LATERAL (SELECT mm.name FROM merchants mm
                              WHERE mm.id = t.merchant_id${sameTree(caller, 'mm', sql`${caller.topId}`)} LIMIT 1) m ON true
          LEFT JOIN LATERAL (SELECT aa.name FROM agents aa
                              WHERE aa.id = t.agent_id${sameTree(caller, 'aa', sql`${caller.topId}`)} LIMIT 1) a ON true
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
