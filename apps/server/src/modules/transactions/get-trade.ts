import type { TradeDetail } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { sameTree, toTradeItem, tradeColumns, tradeScope } from './list-trades';

const n = (v: unknown) => Number(v);
const iso = (v: unknown) => new Date(v as string).toISOString();

/**
 * One transaction of the caller's subtree with its settlement, what the caller earned on it (its
 * own ledger lines, refund reversals included) and its refunds. Outside the subtree: not found.
 */
export async function getTrade(db: DbOrTx, caller: Caller, id: number): Promise<TradeDetail> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${tradeColumns(sql`st.fee_fen`)}, m.merchant_no, t.orig_txn_id, t.merchant_rate_ppm, st.settled_at
          FROM transactions t
          LEFT JOIN settlements st ON st.txn_id = t.id
          LEFT JOIN merchants m ON m.id = t.merchant_id${sameTree(caller, 'm', sql`t.top_id`)}
          LEFT JOIN agents a ON a.id = t.agent_id${sameTree(caller, 'a', sql`t.top_id`)}
         WHERE t.id = ${id} AND ${tradeScope(caller, 'all')}
         LIMIT 1`,
  );
  if (!r) throw notFound();
  const refunds = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id, kind, amount_fen, trade_time FROM transactions
         WHERE orig_txn_id = ${id}${sameTree(caller, 'transactions', sql`${caller.topId}`)}
         ORDER BY trade_time, id`,
  );
  const txnIds = [id, ...refunds.map((x) => n(x.id))];
  const mine = await rows<Record<string, unknown>>(
    db,
    sql`SELECT l.id, l.info_type, l.amount_fen, l.created_at
          FROM unnest(${sql.param(txnIds)}::bigint[]) AS x(id)
          CROSS JOIN LATERAL (SELECT * FROM ledger_lines y
                               WHERE y.txn_id = x.id AND y.agent_id = ${caller.agentId}${sameTree(caller, 'y', sql`${caller.topId}`)}) l
         ORDER BY l.id`,
  );
  return {
    ...toTradeItem(r, caller),
    merchantNo: (r.merchant_no as string | null) ?? null,
    origTxnId: r.orig_txn_id == null ? null : n(r.orig_txn_id),
    merchantRate: r.merchant_rate_ppm == null ? null : n(r.merchant_rate_ppm),
    settled: r.settled_at != null,
    settledAt: r.settled_at == null ? null : iso(r.settled_at),
    myEarnings: mine.map((l) => ({
      id: n(l.id),
      infoType: String(l.info_type),
      amountFen: n(l.amount_fen),
      createdAt: iso(l.created_at),
    })),
    refunds: refunds.map((x) => ({
      id: n(x.id),
      kind: n(x.kind),
      amountFen: n(x.amount_fen),
      tradeTime: iso(x.trade_time),
    })),
  };
}
