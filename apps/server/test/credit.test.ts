import { addDays, type CreditSaleInfo, type CreditSalePage } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { deductCreditDay, runCreditJob } from '../src/modules/credit/deduct-credit';
import { agentAccountId, platformAccountId } from '../src/db/ledger-accounts';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { postEntry } from '../src/modules/ledger/post-entry';
import { shanghaiDay } from '../src/lib/periods';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const { app, demo, database } = await createTestContext();
const db = database.db;
const top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
const grandchild = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
const otherTop = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);
const today = shanghaiDay(new Date());

/** Unbound, unlocked terminals in an agent's own stock, `n` of them not used by an earlier test. */
const used = new Set<string>();
async function freeStock(agentId: number, n: number) {
  const found = await rows<{ sn: string }>(
    db,
    sql`SELECT sn FROM terminals WHERE holder_agent_id = ${agentId} AND bind_status = 0
          AND pending_operation_id IS NULL AND deleted_at IS NULL ORDER BY sn`,
  );
  const picked = found
    .map((f) => f.sn)
    .filter((s) => !used.has(s))
    .slice(0, n);
  if (picked.length < n) throw new Error(`agent ${agentId} has fewer than ${n} free terminals`);
  picked.forEach((s) => used.add(s));
  return picked;
}
async function holdersOf(sns: string[]) {
  const found = await rows<{ holder_agent_id: unknown; pending_operation_id: unknown }>(
    db,
    sql`SELECT holder_agent_id, pending_operation_id FROM terminals WHERE sn = ANY(${sql.param(sns)}::text[])`,
  );
  return found.map((f) => ({
    holder: Number(f.holder_agent_id),
    pending: f.pending_operation_id !== null,
  }));
}
/** An agent's wallet balance, read from the ledger. */
async function balance(agentId: number, wallet: string) {
  const [r] = await rows<{ b: unknown }>(
    db,
    sql`SELECT coalesce(sum(balance_fen), 0) AS b FROM ledger_accounts WHERE agent_id = ${agentId} AND wallet_type = ${wallet}`,
  );
  return Number(r!.b);
}
/** Sets an agent's profit and reward wallets to exact amounts with real postings (as earnings). */
async function setEarnings(agentId: number, profit: number, reward: number) {
  const expense = await platformAccountId(db, 'share_expense');
  for (const [wallet, want] of [
    ['profit', profit],
    ['reward', reward],
  ] as const) {
    const delta = want - (await balance(agentId, wallet));
    if (delta === 0) continue;
    await postEntry(db, {
      idemKey: `test-earnings:${agentId}:${wallet}:${Math.random()}`,
      reason: 'test',
      lines: [
        {
          accountId: await agentAccountId(db, agentId, wallet),
          amountFen: delta,
          infoType: 'trade_profit',
        },
        { accountId: expense, amountFen: -delta, infoType: 'trade_profit' },
      ],
    });
  }
}
const info = async (token: string, id: number) =>
  agentCall<CreditSaleInfo>(app, token, 'GET', `/api/term-info/credit/info?id=${id}`);
const sell = (token: string, body: object) =>
  agentCall<{ saleId: number; operationId: number; status: string; totalFen: number }>(
    app,
    token,
    'POST',
    '/api/term-info/credit/sell',
    body,
  );
const decide = (token: string, saleId: number, accept: boolean) =>
  agentCall<{ status: string }>(app, token, 'POST', '/api/term-info/credit/decide', {
    saleId,
    accept,
  });
const control = (token: string, saleId: number, action: string) =>
  agentCall<{ status: string }>(app, token, 'POST', '/api/term-info/credit/control', {
    saleId,
    action,
  });
const operations = async () =>
  Number(
    (await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM terminal_operations`))[0]!.n,
  );

describe('offering terminals on credit', () => {
  it('previews the schedule summing exactly to the price and changes nothing', async () => {
    const sns = await freeStock(demo.top.id, 3);
    const before = await operations();
    const res = await agentCall<{
      count: number;
      totalFen: number;
      schedule: { amountFen: number; dueDay: string | null }[];
      hops: unknown[];
    }>(app, top, 'POST', '/api/term-info/credit/preview', {
      type: 0,
      sns,
      toAgentId: demo.child.id,
      unitPriceFen: 33_333,
      instalments: 7,
    });
    expect(res.code).toBe(200);
    expect(res.data.count).toBe(3);
    expect(res.data.totalFen).toBe(99_999);
    expect(res.data.schedule).toHaveLength(7);
    expect(res.data.schedule.reduce((a, i) => a + i.amountFen, 0)).toBe(99_999);
    expect(res.data.schedule.every((i) => i.dueDay === null)).toBe(true);
    expect(res.data.hops).toHaveLength(1);
    expect(await operations()).toBe(before);
    expect((await holdersOf(sns)).every((h) => h.holder === demo.top.id && !h.pending)).toBe(true);
    used.clear();
  });

  it('names the field of a bad price or instalment count, and a recall on credit, changing nothing', async () => {
    const sns = await freeStock(demo.top.id, 1);
    const before = await operations();
    const base = { type: 0, sns, toAgentId: demo.child.id, unitPriceFen: 1000, instalments: 3 };
    const tooMany = await sell(top, { ...base, instalments: 37 });
    expect(tooMany).toMatchObject({ code: 400, field: 'instalments' });
    const cents = await sell(top, { ...base, unitPriceFen: 10.5 });
    expect(cents).toMatchObject({ code: 400, field: 'unitPriceFen' });
    const recall = await sell(top, { ...base, type: 2 });
    expect(recall).toMatchObject({ code: 400, field: 'type' });
    expect(await operations()).toBe(before);
    used.clear();
  });

  it('locks the terminals until the receiver refuses; then nothing moved and nothing is owed', async () => {
    const sns = await freeStock(demo.top.id, 2);
    const made = await sell(top, {
      type: 0,
      sns,
      toAgentId: demo.child.id,
      unitPriceFen: 5000,
      instalments: 2,
    });
    expect(made).toMatchObject({ code: 200, data: { status: 'pending', totalFen: 10_000 } });
    expect((await holdersOf(sns)).every((h) => h.holder === demo.top.id && h.pending)).toBe(true);

    const mine = await agentCall<CreditSalePage>(
      app,
      child,
      'GET',
      '/api/term-info/credit/list?role=buyer&status=pending',
    );
    const row = mine.data.rows.find((r) => r.id === made.data.saleId)!;
    expect(row).toMatchObject({ canAnswer: true, actions: [], totalFen: 10_000, instalments: 2 });
    const sold = await agentCall<CreditSalePage>(
      app,
      top,
      'GET',
      '/api/term-info/credit/list?role=seller',
    );
    expect(sold.data.rows.find((r) => r.id === made.data.saleId)).toMatchObject({
      canAnswer: false,
      actions: ['withdraw'],
    });
    // Only the receiver answers; the seller is told there is no such record.
    expect((await decide(top, made.data.saleId, true)).code).toBe(404);
    expect((await decide(otherTop, made.data.saleId, true)).code).toBe(404);

    expect(await decide(child, made.data.saleId, false)).toMatchObject({
      code: 200,
      data: { status: 'refused' },
    });
    expect((await holdersOf(sns)).every((h) => h.holder === demo.top.id && !h.pending)).toBe(true);
    expect((await decide(child, made.data.saleId, true)).code).toBe(400);
    const after = await info(child, made.data.saleId);
    expect(after.data).toMatchObject({ status: 'refused', overdueFen: 0, deductions: [] });
  });

  it('the seller may withdraw an offer not yet answered', async () => {
    const sns = await freeStock(demo.top.id, 1);
    const made = await sell(top, {
      type: 0,
      sns,
      toAgentId: demo.child.id,
      unitPriceFen: 100,
      instalments: 1,
    });
    expect(await control(top, made.data.saleId, 'withdraw')).toMatchObject({
      code: 200,
      data: { status: 'withdrawn' },
    });
    expect(await holdersOf(sns)).toEqual([{ holder: demo.top.id, pending: false }]);
    expect((await decide(child, made.data.saleId, true)).code).toBe(400);
  });
});

describe('accepting and the daily deduction', () => {
  let saleId = 0;
  let sns: string[] = [];

  it('accepting moves the terminals and shows the schedule from today', async () => {
    sns = await freeStock(demo.top.id, 3);
    const made = await sell(top, {
      type: 0,
      sns,
      toAgentId: demo.child.id,
      unitPriceFen: 1000,
      instalments: 3,
    });
    saleId = made.data.saleId;
    const pending = await info(child, saleId);
    expect(pending.data.schedule.map((i) => i.amountFen)).toEqual([1000, 1000, 1000]);
    expect(pending.data.sns).toEqual([...sns].sort());
    expect(await decide(child, saleId, true)).toMatchObject({
      code: 200,
      data: { status: 'active' },
    });
    expect((await holdersOf(sns)).every((h) => h.holder === demo.child.id && !h.pending)).toBe(
      true,
    );
    const active = await info(child, saleId);
    expect(active.data.firstDay).toBe(today);
    expect(active.data.schedule.map((i) => i.dueDay)).toEqual([
      today,
      addDays(today, 1),
      addDays(today, 2),
    ]);
    expect(active.data.overdueFen).toBe(1000);
  });

  it('deducts the day’s instalment from the largest earnings wallet, once however often it runs', async () => {
    await setEarnings(demo.child.id, 500, 2000);
    const sellerBefore = await balance(demo.top.id, 'profit');
    await deductCreditDay(db, today);
    expect(await balance(demo.child.id, 'reward')).toBe(1000);
    expect(await balance(demo.child.id, 'profit')).toBe(500);
    expect(await balance(demo.top.id, 'profit')).toBe(sellerBefore + 1000);
    // A re-run of the day deducts nothing more.
    await deductCreditDay(db, today);
    await runCreditJob(db, new Date(), today);
    expect(await balance(demo.child.id, 'reward')).toBe(1000);
    expect(await balance(demo.top.id, 'profit')).toBe(sellerBefore + 1000);

    // The buyer reads the deduction in its ledger, labelled; the seller reads the repayment.
    const ledger = await agentCall<{
      rows: { infoType: string; amountFen: number; walletType: string }[];
    }>(app, child, 'GET', '/api/ag/agent/wallet/ledger?infoType=credit_deduction');
    expect(ledger.data.rows).toEqual([
      expect.objectContaining({
        infoType: 'credit_deduction',
        amountFen: -1000,
        walletType: 'reward',
      }),
    ]);
    const sellerLedger = await agentCall<{ rows: { infoType: string; amountFen: number }[] }>(
      app,
      top,
      'GET',
      '/api/ag/agent/wallet/ledger?infoType=credit_repayment',
    );
    expect(sellerLedger.data.rows[0]).toMatchObject({
      infoType: 'credit_repayment',
      amountFen: 1000,
    });
  });

  it('takes what there is and carries the shortfall to the next day, never below zero', async () => {
    // Day 2: 1000 due; reward 1000 is the larger wallet.
    await deductCreditDay(db, addDays(today, 1));
    expect([
      await balance(demo.child.id, 'profit'),
      await balance(demo.child.id, 'reward'),
    ]).toEqual([500, 0]);
    // Day 3: 1000 due, only 500 left: 500 is taken, 500 stays owed.
    await deductCreditDay(db, addDays(today, 2));
    expect([
      await balance(demo.child.id, 'profit'),
      await balance(demo.child.id, 'reward'),
    ]).toEqual([0, 0]);
    // Day 4: nothing to take; the day is recorded with nothing taken.
    await deductCreditDay(db, addDays(today, 3));
    const owed = await info(child, saleId);
    expect(owed.data).toMatchObject({ status: 'active', paidFen: 2500 });
    expect(owed.data.deductions.map((d) => [d.day, d.dueFen, d.amountFen])).toEqual([
      [addDays(today, 3), 500, 0],
      [addDays(today, 2), 1000, 500],
      [addDays(today, 1), 1000, 1000],
      [today, 1000, 1000],
    ]);
    // Day 5: earnings came in; the 500 carried is taken and the debt is paid off.
    await setEarnings(demo.child.id, 300, 700);
    await deductCreditDay(db, addDays(today, 4));
    expect([
      await balance(demo.child.id, 'profit'),
      await balance(demo.child.id, 'reward'),
    ]).toEqual([300, 200]);
    const paid = await info(child, saleId);
    expect(paid.data).toMatchObject({ status: 'settled', paidFen: 3000, overdueFen: 0 });
    await deductCreditDay(db, addDays(today, 5));
    expect((await info(child, saleId)).data.deductions).toHaveLength(5);
  });
});

describe('a crash in the middle of a day', () => {
  it('leaves each sale deducted or untouched; the re-run finishes the day and a third deducts nothing', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const sns = await freeStock(demo.top.id, 1);
      const made = await sell(top, {
        type: 0,
        sns,
        toAgentId: demo.child.id,
        unitPriceFen: 900,
        instalments: 3,
      });
      expect((await decide(child, made.data.saleId, true)).code).toBe(200);
      ids.push(made.data.saleId);
    }
    await setEarnings(demo.child.id, 10_000, 0);
    const day = addDays(today, 10);
    const crash = await runCreditJob(db, new Date(), day, {
      afterPosting: (saleId) => {
        if (saleId === ids[1]) throw new Error('process killed');
      },
    }).catch((e: Error) => e.message);
    expect(crash).toBe('process killed');
    const status = async () =>
      Number(
        (
          await rows<{ s: unknown }>(
            db,
            sql`SELECT status AS s FROM job_runs WHERE job = 'credit_deduction' AND period = ${day}`,
          )
        )[0]!.s,
      );
    expect(await status()).toBe(-1);
    const paid = async () =>
      Promise.all(ids.map(async (id) => (await info(child, id)).data.paidFen));
    // The first sale is deducted (all of it is due ten days on); the second rolled back whole:
    // no entry under its key, no deduction row, nothing paid.
    expect(await paid()).toEqual([900, 0, 0]);
    const [entries] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM ledger_entries WHERE idem_key = ${`credit:${ids[1]}:${day}`}`,
    );
    expect(Number(entries!.n)).toBe(0);
    expect(await balance(demo.child.id, 'profit')).toBe(10_000 - 900);

    const rerun = await runCreditJob(db, new Date(), day);
    expect(rerun).toMatchObject({ ran: true, processed: 2, postedFen: 1800 });
    expect(await status()).toBe(2);
    expect(await paid()).toEqual([900, 900, 900]);
    const again = await runCreditJob(db, new Date(), day);
    expect(again).toMatchObject({ ran: true, processed: 0, postedFen: 0 });
    expect(await balance(demo.child.id, 'profit')).toBe(10_000 - 2700);
  });
});

describe('two runs of one day at once', () => {
  it('deduct each sale once between them', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const sns = await freeStock(demo.top.id, 1);
      const made = await sell(top, {
        type: 0,
        sns,
        toAgentId: demo.child.id,
        unitPriceFen: 400,
        instalments: 2,
      });
      await decide(child, made.data.saleId, true);
      ids.push(made.data.saleId);
    }
    await setEarnings(demo.child.id, 100_000, 0);
    const day = addDays(today, 15);
    const [a, b] = await Promise.all([deductCreditDay(db, day), deductCreditDay(db, day)]);
    expect(a.processed + b.processed).toBe(4);
    expect(a.postedFen + b.postedFen).toBe(1600);
    expect(await balance(demo.child.id, 'profit')).toBe(100_000 - 1600);
    for (const id of ids) expect((await info(child, id)).data.deductions).toHaveLength(1);
  });
});

describe("the seller's controls", () => {
  it('pauses (nothing deducted), resumes (what fell due is taken), cancels (nothing more)', async () => {
    const sns = await freeStock(demo.top.id, 1);
    const made = await sell(top, {
      type: 0,
      sns,
      toAgentId: demo.child.id,
      unitPriceFen: 600,
      instalments: 3,
    });
    const id = made.data.saleId;
    await decide(child, id, true);
    await setEarnings(demo.child.id, 5000, 0);
    // Only the seller controls a sale.
    expect((await control(child, id, 'pause')).code).toBe(404);
    expect(await control(top, id, 'pause')).toMatchObject({
      code: 200,
      data: { status: 'paused' },
    });
    expect((await control(top, id, 'pause')).code).toBe(400);
    await deductCreditDay(db, today);
    expect((await info(child, id)).data).toMatchObject({
      status: 'paused',
      paidFen: 0,
      overdueFen: 200,
    });
    expect(await control(top, id, 'resume')).toMatchObject({
      code: 200,
      data: { status: 'active' },
    });
    // Resumed on day 2: the instalment of day 1, skipped while paused, and day 2's are taken.
    await deductCreditDay(db, addDays(today, 1));
    expect((await info(child, id)).data.paidFen).toBe(400);
    expect(await control(top, id, 'cancel')).toMatchObject({
      code: 200,
      data: { status: 'cancelled' },
    });
    await deductCreditDay(db, addDays(today, 2));
    expect((await info(child, id)).data).toMatchObject({
      status: 'cancelled',
      paidFen: 400,
      overdueFen: 0,
    });
  });
});

describe('a transfer deeper than a direct child', () => {
  it('makes one debt per hop, answered by the receiver, each deducted from its own buyer', async () => {
    const sns = await freeStock(demo.top.id, 2);
    const made = await sell(top, {
      type: 1,
      sns,
      toAgentId: demo.grandchild.id,
      unitPriceFen: 700,
      instalments: 1,
    });
    expect(made.code).toBe(200);
    const seen = await info(top, made.data.saleId);
    expect(seen.data.hops.map((h) => [h.seller.id, h.buyer.id])).toEqual([
      [demo.top.id, demo.child.id],
      [demo.child.id, demo.grandchild.id],
    ]);
    // The agent between does not answer; the receiver does, for the whole chain.
    expect((await decide(child, made.data.saleId, true)).code).toBe(404);
    const purchases = await agentCall<CreditSalePage>(
      app,
      grandchild,
      'GET',
      '/api/term-info/credit/list?role=buyer',
    );
    const mine = purchases.data.rows.find((r) => r.operationId === made.data.operationId)!;
    expect(mine).toMatchObject({ canAnswer: true, hop: 1, totalFen: 1400 });
    expect((await decide(grandchild, mine.id, true)).data.status).toBe('active');
    expect((await holdersOf(sns)).every((h) => h.holder === demo.grandchild.id)).toBe(true);

    await setEarnings(demo.child.id, 0, 0);
    await setEarnings(demo.grandchild.id, 2000, 0);
    const topBefore = await balance(demo.top.id, 'profit');
    await deductCreditDay(db, addDays(today, 30));
    // The grandchild paid the child; the child, with what it received, paid the top, that day.
    expect(await balance(demo.grandchild.id, 'profit')).toBe(600);
    expect(await balance(demo.child.id, 'profit')).toBe(0);
    expect(await balance(demo.top.id, 'profit')).toBe(topBefore + 1400);
    expect((await info(grandchild, mine.id)).data).toMatchObject({
      status: 'settled',
      paidFen: 1400,
    });
    expect((await info(top, made.data.saleId)).data).toMatchObject({
      status: 'settled',
      paidFen: 1400,
    });
  });

  it('keeps other trees out', async () => {
    const [row] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM credit_sales ORDER BY id LIMIT 1`,
    );
    expect((await info(otherTop, Number(row!.id))).code).toBe(404);
    expect((await control(otherTop, Number(row!.id), 'cancel')).code).toBe(404);
  });
});

describe("an operator's run of the day's deduction", () => {
  it('runs today or an earlier day, and refuses a day not yet come, naming the period', async () => {
    const operator = await loginAs(
      app,
      DEMO_ACCOUNTS.operator.mobile,
      DEMO_ACCOUNTS.operator.password,
    );
    const today = await agentCall<{ ran: boolean }>(
      app,
      operator,
      'POST',
      '/api/ag/admin/jobs/run',
      {
        job: 'credit_deduction',
      },
    );
    expect(today).toMatchObject({ code: 200, data: { ran: true } });
    const future = await agentCall(app, operator, 'POST', '/api/ag/admin/jobs/run', {
      job: 'credit_deduction',
      period: addDays(shanghaiDay(new Date()), 1),
    });
    expect(future).toMatchObject({ code: 400, field: 'period' });
  });
});

describe('the ledger', () => {
  it('stays healthy', async () => {
    const h = await ledgerHealth(db);
    expect(h).toMatchObject({
      globalSumFen: 0,
      linesSumFen: 0,
      negativeAgentAccounts: 0,
      unbalancedEntries: 0,
      balanceMismatches: 0,
    });
  });
});
