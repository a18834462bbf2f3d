import { TOTAL_TYPE, TXN_KIND } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { createSettlementFixture, fixtureTerms } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import {
  ingestNotification,
  ingestNotifications,
} from '../src/modules/transactions/ingest-notification';
import { createTestContext } from './helpers';

/**
 * The fee that counts in a period is chosen by a rule on the facts (an acquirer's collection
 * before the jobs' own, then trade time, then the acquirer's id), whatever order the
 * collections arrive in (issue 26).
 */
const ctx = await createTestContext();
const db = ctx.database.db;
const { demo } = ctx;
const num = (v: unknown) => Number(v);
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const DAY = 86_400_000;
const boundAt = new Date(Date.now() - 800 * DAY);
const fx = await createSettlementFixture(db, chain, { tag: 'FE', terminals: 6, boundAt });
const t0 = Date.now() - 10 * DAY;

function fee(
  txnId: string,
  sn: string,
  amountFen: number,
  at: number,
  totalType: number = TOTAL_TYPE.SERVICE_FEE,
) {
  return ingestNotification(db, {
    txnId,
    kind: TXN_KIND.PAYMENT,
    sn,
    amountFen,
    payType: 1,
    totalType,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date(at).toISOString(),
  });
}

/** What each agent of the chain earns from a transaction in all, wallet and receivable. */
async function earned(txnId: number) {
  const got = await rows<{ agent_id: unknown; amount: unknown }>(
    db,
    sql`SELECT a.agent_id, sum(l.amount_fen) AS amount
          FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
         WHERE l.txn_id = ${txnId} AND a.agent_id IS NOT NULL
         GROUP BY 1`,
  );
  return Object.fromEntries(
    chain.map((c) => [c.id, 0]).concat(got.map((g) => [num(g.agent_id), num(g.amount)])),
  );
}

/** What a fee option pays each agent of the chain (bottom-up differences of the shares). */
function pays(optionFen: number) {
  const share = (level: number) =>
    fixtureTerms(level).serviceFeeShares.find((s) => s.optionFen === optionFen)!.shareFen;
  return {
    [chain[2]!.id]: share(2),
    [chain[1]!.id]: share(1) - share(2),
    [chain[0]!.id]: share(0) - share(1),
  };
}

async function counting(terminalId: number, kind = 'service_fee') {
  return rows<{ period_index: unknown; txn_id: unknown }>(
    db,
    sql`SELECT period_index, txn_id FROM fee_collections WHERE terminal_id = ${terminalId} AND kind = ${kind}
         ORDER BY period_index`,
  );
}

async function flagOf(id: number) {
  const [r] = await rows<{ flag: string | null }>(
    db,
    sql`SELECT flag FROM transactions WHERE id = ${id}`,
  );
  return r!.flag;
}

describe('which fee counts in a period', () => {
  it('a later-arriving earlier deposit takes the period over and the one that counted is reversed', async () => {
    const late = await fee('FEA-late', fx.sns[0]!, 9900, t0 + 5000);
    await runSettlement(db);
    expect(await earned(late.id!)).toEqual(pays(9900));
    const early = await fee('FEA-early', fx.sns[0]!, 19900, t0);
    expect(early.flag).toBeNull();
    expect(await flagOf(late.id!)).toBe('fee_superseded');
    expect((await ledgerHealth(db)).feesSuperseded).toBe(1);
    await runSettlement(db);
    expect(await earned(early.id!)).toEqual(
      Object.fromEntries(chain.map((c) => [c.id, pays(19900)[c.id]! - pays(9900)[c.id]!])),
    );
    expect((await counting(fx.terminalIds[0]!)).map((c) => num(c.txn_id))).toEqual([early.id]);
    // The platform's fee is the period's one fee.
    const [st] = await rows<{ fee: unknown }>(
      db,
      sql`SELECT sum(fee_fen) AS fee FROM settlements WHERE txn_id IN (${late.id!}, ${early.id!})`,
    );
    expect(num(st!.fee)).toBe(19900);
    // A third, later still, changes nothing.
    const again = await fee('FEA-again', fx.sns[0]!, 9900, t0 + 9000);
    expect(again.flag).toBe('duplicate_fee');
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      unbalancedEntries: 0,
      negativeAgentAccounts: 0,
    });
  });

  it('one superseded before it was settled is settled with nothing', async () => {
    const late = await fee('FEB-late', fx.sns[1]!, 9900, t0 + 5000);
    const early = await fee('FEB-early', fx.sns[1]!, 9900, t0);
    await runSettlement(db);
    expect(await earned(late.id!)).toEqual(Object.fromEntries(chain.map((c) => [c.id, 0])));
    expect(await earned(early.id!)).toEqual(pays(9900));
  });

  it("the activation job's own deposit gives way to the acquirer's, earlier or not", async () => {
    const own = await fee(`SF-${fx.terminalIds[2]}`, fx.sns[2]!, 9900, t0);
    await runSettlement(db);
    const pushed = await fee('FEC-acq', fx.sns[2]!, 19900, t0 + 60_000);
    expect(pushed.flag).toBeNull();
    expect(await flagOf(own.id!)).toBe('fee_superseded');
    await runSettlement(db);
    expect((await counting(fx.terminalIds[2]!)).map((c) => num(c.txn_id))).toEqual([pushed.id]);
    const total = (a: Record<string, number>, b: Record<string, number>) =>
      Object.fromEntries(chain.map((c) => [c.id, a[c.id]! + b[c.id]!]));
    expect(total(await earned(own.id!), await earned(pushed.id!))).toEqual(pays(19900));
  });

  it('an amount that is none of the options is flagged and does not take the period', async () => {
    const odd = await fee('FED-odd', fx.sns[3]!, 4800, t0);
    expect(odd.flag).toBe('fee_not_option');
    const ok = await fee('FED-ok', fx.sns[3]!, 9900, t0 + 1000);
    expect(ok.flag).toBeNull();
    await runSettlement(db);
    expect(await earned(ok.id!)).toEqual(pays(9900));
    const [q] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM settlements WHERE txn_id = ${odd.id!}`,
    );
    expect(num(q!.n)).toBe(0);
  });

  it('a SIM fee of the first year and the first anniversary fall in periods 0 and 1', async () => {
    const first = await fee(
      'FEE-y0',
      fx.sns[4]!,
      3600,
      boundAt.getTime() + 100 * DAY,
      TOTAL_TYPE.COMMUNICATION_FEE,
    );
    const second = await fee(
      'FEE-y1',
      fx.sns[4]!,
      3600,
      boundAt.getTime() + 370 * DAY,
      TOTAL_TYPE.COMMUNICATION_FEE,
    );
    const third = await fee(
      'FEE-y1b',
      fx.sns[4]!,
      3600,
      boundAt.getTime() + 700 * DAY,
      TOTAL_TYPE.COMMUNICATION_FEE,
    );
    expect([first.flag, second.flag, third.flag]).toEqual([null, null, 'duplicate_fee']);
    expect(
      (await counting(fx.terminalIds[4]!, 'comm_fee')).map((c) => [
        num(c.period_index),
        num(c.txn_id),
      ]),
    ).toEqual([
      [0, first.id],
      [1, second.id],
    ]);
  });

  it('two deposits in one statement: the rule picks, not the list order', async () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const base = {
      kind: 1,
      sn: fx.sns[5]!,
      payType: 1,
      totalType: 8,
      cardType: 1,
      method: 1,
      status: 1,
    };
    const [a, b] = await ingestNotifications(db, [
      { ...base, txnId: 'FEF-late', amountFen: 9900, tradeTime: at(t0 + 1000) },
      { ...base, txnId: 'FEF-early', amountFen: 19900, tradeTime: at(t0) },
    ]);
    expect([a!.flag, b!.flag]).toEqual(['duplicate_fee', null]);
  });
});
