import type { TradeDetail } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { ledgerLines, merchants, settlements, transactions } from '../../db/schema';
import { orNull, select, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { sameTree, toTradeItem, tradeFields, tradeScope } from './list-trades';

const t = alias(transactions, 't');
const m = alias(merchants, 'm');
const st = alias(settlements, 'st');
const l = alias(ledgerLines, 'l');

/**
 * One transaction of the caller's subtree with its settlement, what the caller earned on it (its
 * own ledger lines, refund reversals included) and its refunds. Outside the subtree: not found.
 */
export async function getTrade(db: DbOrTx, caller: Caller, id: number): Promise<TradeDetail> {
  const r = await selectOne(
    db,
    {
      ...tradeFields(sql`${st.feeFen}`),
      merchantNo: orNull(m.merchantNo),
      origTxnId: t.origTxnId,
      merchantRatePpm: t.merchantRatePpm,
      settledAt: orNull(st.settledAt),
    },
    sql`FROM transactions t
          LEFT JOIN settlements st ON st.txn_id = t.id
          LEFT JOIN merchants m ON m.id = t.merchant_id${sameTree(caller, 'm', sql`t.top_id`)}
          LEFT JOIN agents a ON a.id = t.agent_id${sameTree(caller, 'a', sql`t.top_id`)}
         WHERE t.id = ${id} AND ${tradeScope(caller, 'all')}
         LIMIT 1`,
  );
  if (!r) throw notFound();
  const x = transactions;
  const refunds = await select(
    db,
    { id: x.id, kind: x.kind, amountFen: x.amountFen, tradeTime: x.tradeTime },
    sql`FROM ${x} WHERE ${x.origTxnId} = ${id}${sameTree(caller, 'transactions', sql`${caller.topId}`)}
         ORDER BY ${x.tradeTime}, ${x.id}`,
  );
  const txnIds = [id, ...refunds.map((f) => f.id)];
  const mine = await select(
    db,
    { id: l.id, infoType: l.infoType, amountFen: l.amountFen, createdAt: l.createdAt },
    sql`FROM unnest(${sql.param(txnIds)}::bigint[]) AS x(id)
          CROSS JOIN LATERAL (SELECT * FROM ledger_lines y
                               WHERE y.txn_id = x.id AND y.agent_id = ${caller.agentId}${sameTree(caller, 'y', sql`${caller.topId}`)}) l
         ORDER BY l.id`,
  );
  return {
    ...toTradeItem(r, caller),
    merchantNo: r.merchantNo,
    origTxnId: r.origTxnId,
    merchantRate: r.merchantRatePpm,
    settled: r.settledAt !== null,
    settledAt: r.settledAt?.toISOString() ?? null,
    myEarnings: mine.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })),
    refunds: refunds.map((f) => ({ ...f, tradeTime: f.tradeTime.toISOString() })),
  };
}
