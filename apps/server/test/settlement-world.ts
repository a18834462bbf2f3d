import { TOTAL_TYPE, TXN_KIND } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows } from '../src/db/client';
import { num } from '../src/db/convert';
import { createSettlementFixture, fixtureTerms } from '../src/modules/settlement/fixtures';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import type { TestContext } from './helpers';

export const DAY = 86_400_000;

/**
 * The demo's top, child and grandchild as one settlement chain with terminals of their own
 * (bound 800 days ago, so no activation window applies), and what the settlement tests ask of it:
 * sending a notification, what each agent earned from some transactions, what a deposit option
 * pays each, and the fees settled.
 */
export async function settlementWorld(
  ctx: Pick<TestContext, 'database' | 'demo'>,
  fixture: { tag: string; terminals: number },
) {
  const db = ctx.database.db;
  const chain = [ctx.demo.top, ctx.demo.child, ctx.demo.grandchild].map((a) => ({
    id: a.id,
    path: a.path,
    topId: a.topId,
    parentId: a.parentId,
  }));
  const boundAt = new Date(Date.now() - 800 * DAY);
  const fx = await createSettlementFixture(db, chain, { ...fixture, boundAt });
  /** Ten days ago: the journeys' transactions are dated from here. */
  const t0 = Date.now() - 10 * DAY;

  function send(n: {
    txnId: string;
    sn: string;
    amountFen: number;
    at: number;
    kind?: number;
    origTxnId?: string;
    totalType?: number;
  }) {
    return ingestNotification(db, {
      txnId: n.txnId,
      kind: n.kind ?? TXN_KIND.PAYMENT,
      origTxnId: n.origTxnId,
      sn: n.sn,
      amountFen: n.amountFen,
      payType: 1,
      totalType: n.totalType ?? TOTAL_TYPE.SERVICE_FEE,
      cardType: 1,
      method: 1,
      status: 1,
      tradeTime: new Date(n.at).toISOString(),
    });
  }

  /** What each agent of the chain earns from these transactions in all, wallet and receivable. */
  async function earned(...txnIds: number[]) {
    const got = await rows<{ agent_id: unknown; amount: unknown }>(
      db,
      sql`SELECT a.agent_id, sum(l.amount_fen) AS amount
            FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
           WHERE l.txn_id = ANY(${sql.param(txnIds)}::bigint[]) AND a.agent_id IS NOT NULL GROUP BY 1`,
    );
    return Object.fromEntries(
      chain.map((c) => [c.id, 0]).concat(got.map((g) => [num(g.agent_id), num(g.amount)])),
    );
  }

  /** What a deposit option pays each agent of the chain. */
  function pays(optionFen: number) {
    const share = (level: number) =>
      fixtureTerms(level).serviceFeeShares.find((s) => s.optionFen === optionFen)!.shareFen;
    return {
      [chain[2]!.id]: share(2),
      [chain[1]!.id]: share(1) - share(2),
      [chain[0]!.id]: share(0) - share(1),
    };
  }

  async function feeSettled(...txnIds: number[]) {
    const [r] = await rows<{ fee: unknown }>(
      db,
      sql`SELECT coalesce(sum(fee_fen), 0) AS fee FROM settlements WHERE txn_id = ANY(${sql.param(txnIds)}::bigint[])`,
    );
    return num(r!.fee);
  }

  return { chain, fx, t0, send, earned, pays, feeSettled };
}
