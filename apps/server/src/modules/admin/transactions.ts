import { TXN_LIST_MAX_DAYS, type AdminTxn, type AdminTxnQuery } from '@pos/core';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents, merchants, transactions } from '../../db/schema';
import { orNull } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { typedKeyset, shanghaiDays, type KeysetSpec } from '../../lib/keyset';

const x = alias(transactions, 'x');
const m = alias(merchants, 'm');
const a = alias(agents, 'a');

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
    const [agent] = await db
      .select({ path: agents.path, depth: agents.depth })
      .from(agents)
      .where(and(eq(agents.id, q.agentId), eq(agents.role, 'agent')));
    if (!agent) throw badRequest('代理商不存在', 'agentId');
    agentScope =
      agent.depth === 0 ? sql`x.top_id = ${q.agentId}` : sql`x.agent_path LIKE ${`${agent.path}%`}`;
  }
  const sn = q.sn?.toUpperCase();
  return typedKeyset({
    shape: {
      id: x.id,
      acquirerTxnId: x.acquirerTxnId,
      kind: x.kind,
      sn: x.sn,
      merchantName: orNull(m.name),
      agentName: orNull(a.name),
      agentMobile: orNull(a.mobile),
      status: x.status,
      amountFen: x.amountFen,
      feeFen: x.feeFen,
      flag: x.flag,
      tradeTime: x.tradeTime,
    },
    from: sql`FROM transactions x LEFT JOIN merchants m ON ${m.id} = ${x.merchantId} LEFT JOIN agents a ON ${a.id} = ${x.agentId}`,
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
    map: (r) => ({ ...r, tradeTime: r.tradeTime.toISOString() }),
  });
}
