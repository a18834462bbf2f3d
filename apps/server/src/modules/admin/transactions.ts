import { TXN_LIST_MAX_DAYS, type AdminTxn, type AdminTxnQuery } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { shanghaiDays, type KeysetSpec } from '../../lib/keyset';

/** Today's date in Asia/Shanghai, YYYY-MM-DD. */
export const shanghaiToday = (now = new Date()) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);

const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / 86_400_000;

/**
 * Transactions newest first, by China-time days (today when no SN, acquirer id, merchant number
 * or the flag narrows the list; then at most TXN_LIST_MAX_DAYS), an agent's subtree, status and the flagged ones.
 * Every shape reaches an index of the partitioned table in trade-time order, so a page costs the
 * same on ten million rows: the days alone by transactions_time_idx (0029), a top agent's tree by
 * transactions_top_idx, a deeper agent's subtree by transactions_scope_idx, an SN by the terminal's,
 * an acquirer id by transaction_keys, and only the days' partitions are read.
 */
export async function txnList(db: DbOrTx, q: AdminTxnQuery): Promise<KeysetSpec<AdminTxn>> {
  // An SN, an acquirer id, a merchant number or the flag reaches few rows: any days, or all.
  const keyed = Boolean(q.sn || q.acquirerTxnId || q.merchantNo || q.flagged === 'true');
  let from = q.from;
  let to = q.to;
  if (!keyed) {
    to = to ?? shanghaiToday();
    from = from ?? to;
  }
  if (from && to && from > to) throw badRequest('开始日期不能晚于结束日期', 'from');
  if (!keyed && dayNumber(to!) - dayNumber(from!) + 1 > TXN_LIST_MAX_DAYS)
    throw badRequest(`日期范围不能超过${TXN_LIST_MAX_DAYS}天`, 'from');
  let agentScope;
  if (q.agentId !== undefined) {
    const [agent] = await rows<{ path: string; depth: unknown }>(
      db,
      sql`SELECT path, depth FROM agents WHERE id = ${q.agentId} AND role = 'agent'`,
    );
    if (!agent) throw badRequest('代理商不存在', 'agentId');
    agentScope =
      Number(agent.depth) === 0
        ? sql`x.top_id = ${q.agentId}`
        : sql`x.agent_path LIKE ${`${agent.path}%`}`;
  }
  const sn = q.sn?.toUpperCase();
  return {
    select: sql`x.id, x.acquirer_txn_id, x.kind, x.sn, m.name AS merchant_name, a.name AS agent_name,
                a.mobile AS agent_mobile, x.status, x.amount_fen, x.fee_fen, x.flag, x.trade_time`,
    from: sql`FROM transactions x LEFT JOIN merchants m ON m.id = x.merchant_id LEFT JOIN agents a ON a.id = x.agent_id`,
    where: [
      sn
        ? sql`(x.terminal_id = (SELECT id FROM terminals WHERE sn = ${sn}) OR (x.flag IS NOT NULL AND x.sn = ${sn}))`
        : undefined,
      q.acquirerTxnId
        ? sql`x.id = (SELECT txn_id FROM transaction_keys WHERE acquirer_txn_id = ${q.acquirerTxnId})`
        : undefined,
      q.merchantNo
        ? sql`x.terminal_id IN (SELECT t.id FROM terminals t JOIN merchants mm ON mm.id = t.merchant_id WHERE mm.merchant_no = ${q.merchantNo})`
        : undefined,
      q.flagged === 'true' ? sql`x.flag IS NOT NULL` : undefined,
      q.status !== undefined ? sql`x.status = ${q.status}` : undefined,
      agentScope,
      ...shanghaiDays(sql`x.trade_time`, from, to),
    ],
    sorts: { tradeTime: { expr: sql`x.trade_time`, type: 'timestamptz' } },
    defaultSort: 'tradeTime',
    id: sql`x.id`,
    map: (r) => ({
      id: Number(r.id),
      acquirerTxnId: String(r.acquirer_txn_id),
      kind: Number(r.kind),
      sn: String(r.sn),
      merchantName: (r.merchant_name as string | null) ?? null,
      agentName: (r.agent_name as string | null) ?? null,
      agentMobile: (r.agent_mobile as string | null) ?? null,
      status: Number(r.status),
      amountFen: Number(r.amount_fen),
      feeFen: r.fee_fen == null ? null : Number(r.fee_fen),
      flag: (r.flag as string | null) ?? null,
      tradeTime: new Date(r.trade_time as string).toISOString(),
    }),
  };
}
