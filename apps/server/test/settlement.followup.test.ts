import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { TOTAL_TYPE, TXN_KIND } from '@pos/core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { MIGRATIONS_DIR } from '../src/db/migrate';
import { collectCommFees } from '../src/jobs/comm-fee';
import { ensureAgentAccounts, platformAccountId } from '../src/db/ledger-accounts';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { postEntry } from '../src/modules/ledger/post-entry';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';
import { settlementWorld, DAY } from './settlement-world';

/**
 * Issue 26, after review: fees taken by concurrent statements, refunds settled before issue 26,
 * SIM-fee periods of the old numbering, attaching a fee, and a fee both refunded and superseded.
 */
const ctx = await createTestContext({ adminTotp: false });
const db = ctx.database.db;
const { app } = ctx;
const num = (v: unknown) => Number(v);
const { chain, fx, t0, send, earned, pays, feeSettled } = await settlementWorld(ctx, {
  tag: 'FU',
  terminals: 14,
});

async function flagOf(id: number) {
  const [r] = await rows<{ flag: string | null }>(
    db,
    sql`SELECT flag FROM transactions WHERE id = ${id}`,
  );
  return r!.flag;
}

async function counting(terminalId: number, kind = 'service_fee') {
  const found = await rows<{ period_index: unknown; txn_id: unknown }>(
    db,
    sql`SELECT period_index, txn_id FROM fee_collections WHERE terminal_id = ${terminalId} AND kind = ${kind}
         ORDER BY period_index`,
  );
  return found.map((f) => [num(f.period_index), num(f.txn_id)]);
}

async function supersededBy(id: number) {
  const [r] = await rows<{ by_txn_id: unknown }>(
    db,
    sql`SELECT by_txn_id FROM fee_supersessions WHERE txn_id = ${id}`,
  );
  return r ? num(r.by_txn_id) : null;
}

async function lockWaiters() {
  const [r] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM pg_stat_activity
         WHERE datname = current_database() AND wait_event_type = 'Lock'`,
  );
  return num(r!.n);
}

async function until(check: () => Promise<boolean>) {
  for (let i = 0; i < 200; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('timed out');
}

describe.skipIf(ctx.database.kind !== 'postgres')('fees taken by concurrent statements', () => {
  it('each displaced fee is flagged and recorded, and the period pays once', async () => {
    const sn = fx.sns[0]!;
    const f1 = await send({ txnId: 'FU1-f1', sn, amountFen: 9900, at: t0 + 2000 });
    await runSettlement(db);
    // Another statement holds the period's row: F2 (ranking before F1), then F3 (before both),
    // start while it does, on their own connections.
    const locker = new pg.Client({ connectionString: ctx.database.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(
        `SELECT 1 FROM fee_collections WHERE terminal_id = $1 AND kind = 'service_fee' FOR UPDATE`,
        [fx.terminalIds[0]],
      );
      const before = await lockWaiters();
      const p2 = send({ txnId: 'FU1-f2', sn, amountFen: 9900, at: t0 + 1000 });
      await until(async () => (await lockWaiters()) >= before + 1);
      const p3 = send({ txnId: 'FU1-f3', sn, amountFen: 19900, at: t0 });
      await until(async () => (await lockWaiters()) >= before + 2);
      await locker.query('COMMIT');
      const [f2, f3] = await Promise.all([p2, p3]);
      expect([f2.flag, f3.flag]).toEqual([null, null]);
      expect(await counting(fx.terminalIds[0]!)).toEqual([[0, f3.id]]);
      expect([await flagOf(f1.id!), await flagOf(f2.id!)]).toEqual([
        'fee_superseded',
        'fee_superseded',
      ]);
      expect(await supersededBy(f1.id!)).toBe(f2.id);
      expect(await supersededBy(f2.id!)).toBe(f3.id);
      await runSettlement(db);
      expect(await earned(f1.id!, f2.id!, f3.id!)).toEqual(pays(19900));
      expect(await feeSettled(f1.id!, f2.id!, f3.id!)).toBe(19900);
    } finally {
      await locker.end();
    }
  });

  it('three deposits of one terminal at once, on several terminals: one counts, the others are flagged', async () => {
    const sns = fx.sns.slice(8, 12);
    const sent = await Promise.all(
      sns.flatMap((sn, i) =>
        [0, 1, 2].map((k) =>
          send({
            txnId: `FU2-${i}-${k}`,
            sn,
            amountFen: k === 0 ? 19900 : 9900,
            at: t0 + (2 - k) * 1000,
          }),
        ),
      ),
    );
    await runSettlement(db);
    for (let i = 0; i < sns.length; i++) {
      const mine = sent.slice(i * 3, i * 3 + 3);
      const ids = mine.map((m) => m.id!);
      // The earliest trade time counts (k = 2), whoever committed first.
      expect(await counting(fx.terminalIds[8 + i]!)).toEqual([[0, mine[2]!.id]]);
      const flags = await Promise.all(ids.map(flagOf));
      expect(flags[2]).toBeNull();
      for (const f of flags.slice(0, 2)) expect(['duplicate_fee', 'fee_superseded']).toContain(f);
      expect(await earned(...ids)).toEqual(pays(9900));
      expect(await feeSettled(...ids)).toBe(9900);
    }
  });
});

describe('refunds settled before issue 26', () => {
  it('a refund after one whose owed part named no share takes back only the rest', async () => {
    const sn = fx.sns[1]!;
    const pay = await send({
      txnId: 'FU3-pay',
      sn,
      amountFen: 1_000_000,
      at: t0,
      totalType: 1,
    });
    await runSettlement(db);
    const shares = await rows<{ id: unknown; agent_id: unknown; amount_fen: unknown }>(
      db,
      sql`SELECT id, agent_id, amount_fen FROM ledger_lines
           WHERE txn_id = ${pay.id!} AND agent_id IS NOT NULL AND amount_fen > 0 ORDER BY id`,
    );
    expect(shares.length).toBeGreaterThan(0);
    const [st] = await rows<{ fee_fen: unknown; acquirer_cost_fen: unknown }>(
      db,
      sql`SELECT fee_fen, acquirer_cost_fen FROM settlements WHERE txn_id = ${pay.id!}`,
    );
    // Half refunded and settled the old way: the wallets held nothing, so each share's half was
    // owed on the agent's receivable on a line naming no share.
    const first = await send({
      txnId: 'FU3-r1',
      sn,
      kind: TXN_KIND.REFUND,
      origTxnId: 'FU3-pay',
      amountFen: 500_000,
      at: t0 + 1000,
      totalType: 1,
    });
    await db.execute(sql`DELETE FROM settlement_queue WHERE txn_id = ${first.id!}`);
    const receivables = await ensureAgentAccounts(
      db,
      shares.map((s) => ({ agentId: num(s.agent_id), walletType: 'receivable' as const })),
    );
    const owed = shares.map((s) => ({
      accountId: receivables.get(`${num(s.agent_id)}:receivable`)!,
      amountFen: -Math.floor(num(s.amount_fen) / 2),
      infoType: 'refund_reversal',
      txnId: first.id!,
    }));
    const total = owed.reduce((a, o) => a + o.amountFen, 0);
    const { entryId } = await postEntry(db, {
      idemKey: 'FU3-old-refund',
      reason: 'trade_settlement',
      lines: [
        ...owed,
        {
          accountId: await platformAccountId(db, 'share_expense'),
          amountFen: -total,
          infoType: 'refund_reversal',
        },
      ],
    });
    const fee = -Math.floor(num(st!.fee_fen) / 2);
    const acq = -Math.floor(num(st!.acquirer_cost_fen) / 2);
    await db.execute(sql`
      INSERT INTO settlements (txn_id, entry_id, orig_txn_id, amount_fen, fee_fen, acquirer_cost_fen, shares_fen, margin_fen)
      VALUES (${first.id!}, ${entryId}, ${pay.id!}, 500000, ${fee}, ${acq}, ${total}, ${fee - acq - total})`);
    await db.execute(sql`UPDATE transactions SET orig_txn_id = ${pay.id!} WHERE id = ${first.id!}`);

    const second = await send({
      txnId: 'FU3-r2',
      sn,
      kind: TXN_KIND.REFUND,
      origTxnId: 'FU3-pay',
      amountFen: 500_000,
      at: t0 + 2000,
      totalType: 1,
    });
    await runSettlement(db);
    // All of it refunded: each agent is back to nothing from this payment, not below.
    expect(await earned(pay.id!, first.id!, second.id!)).toEqual(
      Object.fromEntries(chain.map((c) => [c.id, 0])),
    );
    expect(await feeSettled(pay.id!, first.id!, second.id!)).toBe(0);
  });
});

describe('SIM-fee periods of the old numbering', () => {
  const migration = () =>
    readFile(path.join(MIGRATIONS_DIR, '0032_sim_fee_periods.sql'), 'utf8').then((text) =>
      ctx.database.exec(`BEGIN;\n${text}\nCOMMIT;`),
    );
  const activatedAt = new Date(Date.now() - 400 * DAY);

  it('are numbered again, so the first anniversary fee is collected', async () => {
    const [a, b] = [fx.terminalIds[2]!, fx.terminalIds[3]!];
    await db.execute(sql`
      UPDATE terminals SET bind_status = 3, activated_at = ${activatedAt}
       WHERE id IN (${a}, ${b})`);
    // First-year fees, at period 1 as the old numbering put them.
    const y0a = await send({
      txnId: 'FU4-y0a',
      sn: fx.sns[2]!,
      amountFen: 3600,
      at: activatedAt.getTime() + 100 * DAY,
      totalType: TOTAL_TYPE.COMMUNICATION_FEE,
    });
    const y0b = await send({
      txnId: 'FU4-y0b',
      sn: fx.sns[3]!,
      amountFen: 3600,
      at: activatedAt.getTime() + 100 * DAY,
      totalType: TOTAL_TYPE.COMMUNICATION_FEE,
    });
    await db.execute(sql`
      UPDATE fee_collections SET period_index = 1
       WHERE txn_id IN (${y0a.id!}, ${y0b.id!}) AND kind = 'comm_fee'`);
    // b's anniversary fee came and was refused as a duplicate of the old period 1.
    const y1b = await send({
      txnId: `CF-${b}-1`,
      sn: fx.sns[3]!,
      amountFen: 3600,
      at: new Date(activatedAt).setFullYear(activatedAt.getFullYear() + 1),
      totalType: TOTAL_TYPE.COMMUNICATION_FEE,
    });
    expect(y1b.flag).toBe('duplicate_fee');
    await runSettlement(db);

    await migration();
    expect(await counting(a, 'comm_fee')).toEqual([[0, y0a.id]]);
    expect(await counting(b, 'comm_fee')).toEqual([
      [0, y0b.id],
      [1, y1b.id],
    ]);
    expect(await flagOf(y1b.id!)).toBeNull();
    const outcome = await collectCommFees(db);
    expect(outcome.processed).toBe(1);
    const [cf] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM transactions WHERE acquirer_txn_id = ${`CF-${a}-1`}`,
    );
    expect(await counting(a, 'comm_fee')).toEqual([
      [0, y0a.id],
      [1, num(cf!.id)],
    ]);
    await runSettlement(db);
    const paid = await rows<{ txn_id: unknown; fee_fen: unknown }>(
      db,
      sql`SELECT txn_id, fee_fen FROM settlements WHERE txn_id IN (${y1b.id!}, ${num(cf!.id)})`,
    );
    expect(paid.map((p) => num(p.fee_fen))).toEqual([3600, 3600]);
    // Numbering again changes nothing more.
    await migration();
    expect(await counting(b, 'comm_fee')).toEqual([
      [0, y0b.id],
      [1, y1b.id],
    ]);
  });
});

describe('attaching a fee', () => {
  it('follows the rule of ingestion: an earlier deposit takes the period over', async () => {
    const finance = await adminLogin(app, 'finance');
    const late = await send({ txnId: 'FU5-late', sn: fx.sns[4]!, amountFen: 9900, at: t0 + 5000 });
    await runSettlement(db);
    const early = await send({ txnId: 'FU5-early', sn: 'FUTYPO01', amountFen: 19900, at: t0 });
    expect(early.flag).toBe('unknown_terminal');
    const attached = await adminCall(app, finance, 'POST', '/transactions/attach', {
      id: early.id,
      sn: fx.sns[4],
    });
    expect(attached.body).toMatchObject({ code: 200, data: { id: early.id, queued: true } });
    expect(await flagOf(late.id!)).toBe('fee_superseded');
    expect(await supersededBy(late.id!)).toBe(early.id);
    expect(await counting(fx.terminalIds[4]!)).toEqual([[0, early.id]]);
    await runSettlement(db);
    expect(await earned(late.id!, early.id!)).toEqual(pays(19900));
    expect(await feeSettled(late.id!, early.id!)).toBe(19900);

    // A later one is a duplicate and refused; nothing changes.
    const dup = await send({ txnId: 'FU5-dup', sn: 'FUTYPO01', amountFen: 9900, at: t0 + 9000 });
    const refused = await adminCall(app, finance, 'POST', '/transactions/attach', {
      id: dup.id,
      sn: fx.sns[4],
    });
    expect(refused.body).toMatchObject({ code: 400, field: 'id' });
    expect(await flagOf(dup.id!)).toBe('unknown_terminal');
  });

  it('refuses an amount that is none of the policy options', async () => {
    const finance = await adminLogin(app, 'finance');
    const odd = await send({ txnId: 'FU5-odd', sn: 'FUTYPO02', amountFen: 4800, at: t0 });
    const refused = await adminCall(app, finance, 'POST', '/transactions/attach', {
      id: odd.id,
      sn: fx.sns[5],
    });
    expect(refused.body).toMatchObject({ code: 400, field: 'id' });
    expect(await counting(fx.terminalIds[5]!)).toEqual([]);
  });
});

describe('a fee both refunded and superseded', () => {
  it('refunded first: the supersession reverses only what is left', async () => {
    const sn = fx.sns[6]!;
    const late = await send({ txnId: 'FU6-late', sn, amountFen: 9900, at: t0 + 5000 });
    await runSettlement(db);
    const refund = await send({
      txnId: 'FU6-refund',
      sn,
      kind: TXN_KIND.REFUND,
      origTxnId: 'FU6-late',
      amountFen: 4950,
      at: t0 + 6000,
    });
    await runSettlement(db);
    const early = await send({ txnId: 'FU6-early', sn, amountFen: 9900, at: t0 });
    await runSettlement(db);
    expect(await earned(late.id!, refund.id!, early.id!)).toEqual(pays(9900));
    expect(await feeSettled(late.id!, refund.id!, early.id!)).toBe(9900);
  });

  it('superseded first: a refund takes back nothing more', async () => {
    const sn = fx.sns[7]!;
    const late = await send({ txnId: 'FU7-late', sn, amountFen: 9900, at: t0 + 5000 });
    await runSettlement(db);
    const early = await send({ txnId: 'FU7-early', sn, amountFen: 9900, at: t0 });
    await runSettlement(db);
    const refund = await send({
      txnId: 'FU7-refund',
      sn,
      kind: TXN_KIND.REFUND,
      origTxnId: 'FU7-late',
      amountFen: 4950,
      at: t0 + 6000,
    });
    await runSettlement(db);
    expect(await earned(refund.id!)).toEqual(Object.fromEntries(chain.map((c) => [c.id, 0])));
    expect(await earned(late.id!, refund.id!, early.id!)).toEqual(pays(9900));
    expect(await feeSettled(late.id!, refund.id!, early.id!)).toBe(9900);
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      unbalancedEntries: 0,
      negativeAgentAccounts: 0,
      balanceMismatches: 0,
    });
  });

  it('an earlier refund arriving after the supersession gives nothing back', async () => {
    const sn = fx.sns[12]!;
    const late = await send({ txnId: 'FU8-late', sn, amountFen: 9900, at: t0 + 5000 });
    await runSettlement(db);
    const second = await send({
      txnId: 'FU8-second',
      sn,
      kind: TXN_KIND.REFUND,
      origTxnId: 'FU8-late',
      amountFen: 4950,
      at: t0 + 7000,
    });
    await runSettlement(db);
    const early = await send({ txnId: 'FU8-early', sn, amountFen: 9900, at: t0 });
    await runSettlement(db);
    expect(await earned(late.id!, second.id!, early.id!)).toEqual(pays(9900));
    // An earlier refund of the superseded fee: the fee is all taken back already.
    const first = await send({
      txnId: 'FU8-first',
      sn,
      kind: TXN_KIND.REFUND,
      origTxnId: 'FU8-late',
      amountFen: 2970,
      at: t0 + 6000,
    });
    await runSettlement(db);
    const all = [late.id!, second.id!, early.id!, first.id!];
    expect(await earned(...all)).toEqual(pays(9900));
    expect(await feeSettled(...all)).toBe(9900);
    expect(await ledgerHealth(db)).toMatchObject({
      globalSumFen: 0,
      unbalancedEntries: 0,
      negativeAgentAccounts: 0,
      balanceMismatches: 0,
    });
  });
});
