import type { Page, FalseActivation, RewardSchemeTerms, TerminalScheme } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { runActivationJob } from '../src/jobs/activation';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import {
  assessSchemes,
  creditSchemeRewards,
  runSchemeJob,
} from '../src/modules/reward-schemes/run-schemes';
import { createSettlementFixture, fixtureTerms } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { adminCall, adminLogin } from './admin-helpers';
import { agentCall, createTestContext, loginAs } from './helpers';

const ctx = await createTestContext({ adminTotp: false });
const { app, demo } = ctx;
const db = ctx.database.db;
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const n = (v: unknown) => Number(v);
const HOUR = 3600e3;
const DAY = 24 * HOUR;

let seq = 0;
const pay = (sn: string, amountFen: number, tradeTime: Date, over: Record<string, unknown> = {}) =>
  ingestNotification(db, {
    txnId: `RS${++seq}-${Date.now()}`,
    kind: 1,
    sn,
    amountFen,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: tradeTime.toISOString(),
    ...over,
  });

// Demo levels: top V3, child V2, grandchild V1 (the seed's).
const terms = (over: Partial<RewardSchemeTerms> = {}): RewardSchemeTerms => ({
  unit: 'day',
  measure: 'volume',
  cardTypes: [1, 2],
  minTradeFen: 0,
  maxTradeFen: null,
  missEnds: false,
  stages: [
    { length: 1, target: 1_000_000, rewardsByLevelFen: [5_000, 8_000, 10_000] },
    { length: 1, target: 1_000_000, rewardsByLevelFen: [5_000, 8_000, 10_000] },
    { length: 1, target: 500_000, rewardsByLevelFen: [6_000, 9_000, 12_000] },
  ],
  genuine: { minTradeFen: 10_000, cardTypes: [1, 2] },
  ...over,
});

const schemeLines = (sn: string) =>
  rows<{ agent_id: unknown; amount_fen: unknown; detail: unknown }>(
    db,
    sql`SELECT agent_id, amount_fen, detail FROM ledger_lines
         WHERE info_type = 'standard_reward' AND agent_id IS NOT NULL AND detail ->> 'scheme' = 'true'
           AND detail ->> 'sn' = ${sn} ORDER BY id`,
  );
const activationLines = (sn: string) =>
  rows<{ agent_id: unknown; amount_fen: unknown }>(
    db,
    sql`SELECT agent_id, amount_fen FROM ledger_lines
         WHERE info_type = 'activation_reward' AND agent_id IS NOT NULL AND detail ->> 'sn' = ${sn} ORDER BY id`,
  );
const rewardRows = (terminalId: number) =>
  rows<{ stage_index: unknown; status: unknown; amount_fen: unknown }>(
    db,
    sql`SELECT stage_index, status, amount_fen FROM scheme_rewards WHERE terminal_id = ${terminalId} ORDER BY stage_index`,
  );

const ops = await adminLogin(app, 'operations');
const finance = await adminLogin(app, 'finance');
const boss = await adminLogin(app, 'super_admin');

async function saveScheme(policyId: number, t: RewardSchemeTerms | null) {
  const cur = await adminCall<{ versions: { version: number }[] }>(
    app,
    ops,
    'GET',
    `/reward-schemes?policyId=${policyId}`,
  );
  const baseVersion = cur.body.data.versions[0]?.version ?? 0;
  return adminCall<{ version: number }>(app, ops, 'POST', '/reward-schemes/save', {
    policyId,
    baseVersion,
    terms: t,
  });
}

describe('reward schemes', () => {
  it('freezes the scheme at activation, judges stages, records and then credits each reward once down the chain by level', async () => {
    const boundAt = new Date(Date.now() - 6 * DAY);
    const fx = await createSettlementFixture(db, chain, { tag: 'RSA', terminals: 1, boundAt });
    const [sn] = fx.sns as [string];
    const [terminalId] = fx.terminalIds as [number];

    // The console refuses a scheme whose maximum is under its minimum, naming the field.
    const bad = await saveScheme(fx.policyId, terms({ minTradeFen: 500, maxTradeFen: 100 }));
    expect(bad.body.code).toBe(400);
    expect(bad.body.field).toBe('terms.maxTradeFen');
    expect((await saveScheme(fx.policyId, terms())).body.data.version).toBe(1);

    // Activation by one real 10,000-yuan payment, an hour after binding.
    await pay(sn, 1_000_000, new Date(boundAt.getTime() + HOUR));
    await runSettlement(db);
    const activatedAt = new Date(boundAt.getTime() + 2 * HOUR);
    expect(await runActivationJob(db, activatedAt)).toMatchObject({ ran: true });
    const frozen = await rows<{ version: unknown; agent_path: unknown }>(
      db,
      sql`SELECT version, agent_path FROM terminal_schemes WHERE terminal_id = ${terminalId}`,
    );
    expect(frozen.map((f) => [n(f.version), f.agent_path])).toEqual([[1, demo.grandchild.path]]);

    // A later version applies to activations from then on; this terminal keeps version 1.
    expect(
      (
        await saveScheme(
          fx.policyId,
          terms({
            stages: [{ length: 1, target: 1, rewardsByLevelFen: [1, 2, 3] }],
          }),
        )
      ).body.data.version,
    ).toBe(2);

    // Stage 1: 6,000 + 5,000 yuan (met); a QR payment and a fee do not count. Stage 2: nothing
    // (missed; later stages can still pay). Stage 3: 5,000 yuan (met).
    const inStage = (stage: number, h: number) =>
      new Date(activatedAt.getTime() + stage * DAY + h * HOUR);
    await pay(sn, 600_000, inStage(0, 1));
    await pay(sn, 500_000, inStage(0, 2));
    await pay(sn, 900_000, inStage(0, 3), { totalType: 4, cardType: 0, payType: 3, method: 3 });
    await pay(sn, 500_000, inStage(2, 1));
    await runSettlement(db);

    // The agent sees each stage's progress from the trades, the chain's reward and its own share.
    const leaf = await loginAs(app, demo.grandchild.mobile);
    const seen = await agentCall<TerminalScheme>(
      app,
      leaf,
      'GET',
      `/api/term-info/scheme?sn=${sn}`,
    );
    expect(seen.data).toMatchObject({ frozen: true, version: 1, unit: 'day' });
    expect(seen.data.stages.map((s) => [s.progress, s.status, s.rewardFen, s.myShareFen])).toEqual([
      [1_100_000, 'met', 10_000, 5_000],
      [0, 'missed', 10_000, 5_000],
      [500_000, 'met', 12_000, 6_000],
    ]);
    expect(seen.data.stages.every((s) => s.rewardStatus === null)).toBe(true);

    // Phase one records; nothing is credited yet.
    const judged = await assessSchemes(db, new Date());
    expect(judged.recorded).toBe(2);
    expect((await rewardRows(terminalId)).map((r) => [n(r.stage_index), n(r.status)])).toEqual([
      [0, 0],
      [2, 0],
    ]);
    expect(await schemeLines(sn)).toEqual([]);

    // The terminal moves to another tree afterwards: the rewards stay with the chain that bound it.
    await db.execute(
      sql`UPDATE terminals SET holder_agent_id = ${demo.otherTop.id}, holder_path = ${demo.otherTop.path},
                 top_id = ${demo.otherTop.id} WHERE id = ${terminalId}`,
    );

    // A crash between posting and marking rolls both back: nothing credited, still recorded.
    await expect(
      creditSchemeRewards(db, {
        afterPost: () => {
          throw new Error('crash');
        },
      }),
    ).rejects.toThrow('crash');
    expect(await schemeLines(sn)).toEqual([]);
    expect((await rewardRows(terminalId)).map((r) => n(r.status))).toEqual([0, 0]);

    // The job credits them: V1 5,000, V2 8,000 - 5,000, V3 10,000 - 8,000 for stage 1, and the
    // same ladder on 6,000/9,000/12,000 for stage 3.
    const run = await runSchemeJob(db);
    expect(run).toMatchObject({ ran: true, postedFen: 22_000 });
    const lines = await schemeLines(sn);
    expect(lines.map((l) => [n(l.agent_id), n(l.amount_fen)])).toEqual([
      [demo.grandchild.id, 5_000],
      [demo.child.id, 3_000],
      [demo.top.id, 2_000],
      [demo.grandchild.id, 6_000],
      [demo.child.id, 3_000],
      [demo.top.id, 3_000],
    ]);
    expect((await rewardRows(terminalId)).map((r) => n(r.status))).toEqual([2, 2]);

    // Posted but not marked (a crash after the commit of a posting): credited again, posted once.
    await db.execute(sql`UPDATE scheme_rewards SET status = 0 WHERE terminal_id = ${terminalId}`);
    expect(await creditSchemeRewards(db)).toMatchObject({ credited: 2, postedFen: 0 });
    expect(await schemeLines(sn)).toHaveLength(6);
    // And a rerun of both phases finds nothing.
    expect(await assessSchemes(db, new Date())).toMatchObject({ judged: 0, recorded: 0 });
    expect(await creditSchemeRewards(db)).toMatchObject({ credited: 0, postedFen: 0 });

    const health = await ledgerHealth(db);
    expect(health.globalSumFen).toBe(0);
    expect(health.negativeAgentAccounts).toBe(0);
    expect(health.unbalancedEntries).toBe(0);
  });

  it('ends the scheme at a missed stage when missEnds is set, measuring by trade count', async () => {
    const boundAt = new Date(Date.now() - 6 * DAY);
    const fx = await createSettlementFixture(db, chain, { tag: 'RSB', terminals: 1, boundAt });
    const [sn] = fx.sns as [string];
    await saveScheme(
      fx.policyId,
      terms({
        measure: 'count',
        missEnds: true,
        minTradeFen: 1_000,
        stages: [
          { length: 1, target: 2, rewardsByLevelFen: [100, 200, 300] },
          { length: 1, target: 1, rewardsByLevelFen: [100, 200, 300] },
        ],
      }),
    );
    await pay(sn, 1_000_000, new Date(boundAt.getTime() + HOUR));
    await runSettlement(db);
    const activatedAt = new Date(boundAt.getTime() + 2 * HOUR);
    await runActivationJob(db, activatedAt);
    // One trade of 10 yuan and one under the minimum in stage 1 (missed), one in stage 2 (void).
    await pay(sn, 1_000, new Date(activatedAt.getTime() + HOUR));
    await pay(sn, 999, new Date(activatedAt.getTime() + 2 * HOUR));
    await pay(sn, 5_000, new Date(activatedAt.getTime() + DAY + HOUR));
    await runSettlement(db);
    await runSchemeJob(db);
    const results = await rows<{ stage_index: unknown; result: unknown; progress: unknown }>(
      db,
      sql`SELECT stage_index, result, progress FROM scheme_stage_results WHERE terminal_id = ${fx.terminalIds[0]!}
           ORDER BY stage_index`,
    );
    expect(results.map((r) => [n(r.stage_index), n(r.result), n(r.progress)])).toEqual([
      [0, -1, 1],
      [1, -3, 1],
    ]);
    expect(await schemeLines(sn)).toEqual([]);
  });
});

describe('false activations', () => {
  it('flags an activation by tiny trades, holds its rewards until a second operator releases or forfeits them', async () => {
    const boundAt = new Date(Date.now() - 6 * DAY);
    const fx = await createSettlementFixture(db, chain, {
      tag: 'RSF',
      terminals: 2,
      boundAt,
      activationThresholdFen: 45_000,
    });
    const [snA, snB] = fx.sns as [string, string];
    const [idA, idB] = fx.terminalIds as [number, number];
    await saveScheme(fx.policyId, terms());
    // Five 90-yuan payments on each: under the 100-yuan minimum of a genuine activation; a fee
    // collection of 500 yuan does not make it genuine either.
    for (const sn of [snA, snB]) {
      for (let i = 0; i < 5; i++)
        await pay(sn, 9_000, new Date(boundAt.getTime() + (i + 1) * 60e3));
      await pay(sn, 50_000, new Date(boundAt.getTime() + 10 * 60e3), {
        totalType: 8,
        txnId: `RSFEE-${sn}`,
      });
    }
    await runSettlement(db);
    const activatedAt = new Date(boundAt.getTime() + HOUR);
    await runActivationJob(db, activatedAt);
    const flagged = await rows<{ terminal_id: unknown; reason: unknown }>(
      db,
      sql`SELECT terminal_id, reason FROM false_activations WHERE terminal_id IN (${idA}, ${idB}) ORDER BY terminal_id`,
    );
    expect(flagged.map((f) => [n(f.terminal_id), f.reason])).toEqual([
      [idA, 'tiny_trades'],
      [idB, 'tiny_trades'],
    ]);
    // Activated, but its activation reward is held (recorded, not posted).
    expect(await activationLines(snA)).toEqual([]);
    expect((await rewardRows(idA)).map((r) => [n(r.stage_index), n(r.status)])).toEqual([[-1, 1]]);
    // A met stage of a flagged terminal is recorded held too.
    await pay(snA, 1_000_000, new Date(activatedAt.getTime() + HOUR));
    await runSettlement(db);
    await runSchemeJob(db);
    expect((await rewardRows(idA)).map((r) => [n(r.stage_index), n(r.status)])).toEqual([
      [-1, 1],
      [0, 1],
    ]);
    expect(await schemeLines(snA)).toEqual([]);

    // The operators' queue lists both with their reason and what is held.
    const queue = await adminCall<Page<FalseActivation>>(
      app,
      finance,
      'GET',
      '/false-activations?status=0&pageSize=50',
    );
    const a = queue.body.data.rows.find((r) => r.sn === snA)!;
    expect(a).toMatchObject({ reason: 'tiny_trades', status: 0, heldFen: 10_000 + 10_000 });
    expect(queue.body.data.rows.find((r) => r.sn === snB)).toMatchObject({ reason: 'tiny_trades' });

    // Four eyes: one proposes, the same cannot approve, another does.
    const note = { note: '商户真实经营，小额交易属实' };
    expect(
      (
        await adminCall(app, finance, 'POST', '/false-activations/propose', {
          terminalId: idA,
          action: 'release',
          ...note,
        })
      ).body.code,
    ).toBe(200);
    const self = await adminCall(app, finance, 'POST', '/false-activations/decide', {
      terminalId: idA,
      approve: true,
    });
    expect(self.body.code).toBe(400);
    expect(self.body.field).toBe('terminalId');
    expect(await activationLines(snA)).toEqual([]);
    const ok = await adminCall<{ status: number; rewards: number }>(
      app,
      boss,
      'POST',
      '/false-activations/decide',
      { terminalId: idA, approve: true },
    );
    expect(ok.body.data).toEqual({ status: 1, rewards: 2 });

    // Released: the job credits the activation reward (the activation's own ladder) and the stage.
    await runSchemeJob(db);
    expect((await activationLines(snA)).map((l) => [n(l.agent_id), n(l.amount_fen)])).toEqual([
      [demo.grandchild.id, fixtureTerms(2).activationRewardFen],
      [demo.child.id, fixtureTerms(1).activationRewardFen - fixtureTerms(2).activationRewardFen],
      [demo.top.id, fixtureTerms(0).activationRewardFen - fixtureTerms(1).activationRewardFen],
    ]);
    expect(await schemeLines(snA)).toHaveLength(3);
    await runSchemeJob(db);
    expect(await activationLines(snA)).toHaveLength(3);

    // Forfeited: the held rewards are dropped, never posted.
    await adminCall(app, finance, 'POST', '/false-activations/propose', {
      terminalId: idB,
      action: 'forfeit',
      ...note,
    });
    await adminCall(app, boss, 'POST', '/false-activations/decide', {
      terminalId: idB,
      approve: true,
    });
    await runSchemeJob(db);
    expect(await activationLines(snB)).toEqual([]);
    expect((await rewardRows(idB)).map((r) => n(r.status))).toEqual([3]);

    const health = await ledgerHealth(db);
    expect(health.globalSumFen).toBe(0);
    expect(health.unbalancedEntries).toBe(0);
  });
});
