import {
  TOTAL_TYPE,
  TXN_KIND,
  type AdminRootDraft,
  type AgentPolicyDetail,
  type EarningDetail,
  type OpenDraft,
  type OpenedPolicy,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { createSettlementFixture, fixtureTerms } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { settleBatch } from '../src/modules/settlement/settle-batch';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { adminCall, adminLogin } from './admin-helpers';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * Issue 33: the SIM fee's cashback by collection tier (first, second, third and later) and the
 * deposit options, settled through the chain by level difference. The tier is the collection's
 * period on its terminal, from its own trade time (decision 033), so the order collections
 * arrive in, a crash inside a batch or the terminal changing hands do not change what is paid.
 */
const ctx = await createTestContext({ adminTotp: false });
const db = ctx.database.db;
const { demo, app } = ctx;
const num = (v: unknown) => Number(v);
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const [TOP, CHILD, GRAND] = chain.map((c) => c.id) as [number, number, number];
const DAY = 86_400_000;
const boundAt = new Date(Date.now() - 1200 * DAY);
/** The 36-yuan SIM fee's cashback per level (top first): first, second, third and later. */
const SIM_TIERS: [number, number, number][] = [
  [2000, 1200, 600],
  [1500, 900, 400],
  [1000, 500, 300],
];
const fx = await createSettlementFixture(db, chain, {
  tag: 'TI',
  terminals: 6,
  boundAt,
  termsOf: (level) => {
    const terms = fixtureTerms(level);
    const [shareFen, secondFen, laterFen] = SIM_TIERS[level]!;
    terms.commFeeShares = terms.commFeeShares.map((s) =>
      s.optionFen === 3600 ? { optionFen: 3600, shareFen, secondFen, laterFen } : s,
    );
    return terms;
  },
});
/** A day inside the n-th year after binding (Asia/Shanghai years; 40 days clear of each edge). */
const inYear = (n: number, extraDays = 0) => boundAt.getTime() + (n * 365 + 60 + extraDays) * DAY;

function simFee(txnId: string, sn: string, at: number, amountFen = 3600) {
  return ingestNotification(db, {
    txnId,
    kind: TXN_KIND.PAYMENT,
    sn,
    amountFen,
    payType: 1,
    totalType: TOTAL_TYPE.COMMUNICATION_FEE,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date(at).toISOString(),
  });
}

/** What each agent earned from a transaction in all. */
async function earned(txnId: number) {
  const got = await rows<{ agent_id: unknown; amount: unknown }>(
    db,
    sql`SELECT a.agent_id, sum(l.amount_fen) AS amount
          FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
         WHERE l.txn_id = ${txnId} AND a.agent_id IS NOT NULL
         GROUP BY 1`,
  );
  return Object.fromEntries(
    [TOP, CHILD, GRAND]
      .map((id) => [id, 0])
      .concat(got.map((g) => [num(g.agent_id), num(g.amount)])),
  );
}

/** What a tier pays each level: the direct agent its figure, each above the difference. */
function pays(tier: 1 | 2 | 3) {
  const f = (level: number) => SIM_TIERS[level]![tier - 1]!;
  return { [GRAND]: f(2), [CHILD]: f(1) - f(2), [TOP]: f(0) - f(1) };
}

async function healthy() {
  expect(await ledgerHealth(db)).toMatchObject({
    globalSumFen: 0,
    unbalancedEntries: 0,
    negativeAgentAccounts: 0,
    balanceMismatches: 0,
  });
}

describe('SIM fee cashback by tier', () => {
  let grandToken: string;
  beforeAll(async () => {
    grandToken = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
  });

  it("pays the first, second, third and fourth year's collections their tier, and says which", async () => {
    const fees = [];
    for (const year of [0, 1, 2, 3])
      fees.push(await simFee(`TIA-y${year}`, fx.sns[0]!, inYear(year)));
    expect(fees.map((f) => f.flag)).toEqual([null, null, null, null]);
    await runSettlement(db);
    expect(await earned(fees[0]!.id!)).toEqual(pays(1));
    expect(await earned(fees[1]!.id!)).toEqual(pays(2));
    expect(await earned(fees[2]!.id!)).toEqual(pays(3));
    expect(await earned(fees[3]!.id!)).toEqual(pays(3));
    // The platform keeps what the top's figure leaves of each fee.
    const margins = await rows<{ margin_fen: unknown }>(
      db,
      sql`SELECT margin_fen FROM settlements WHERE txn_id = ANY(${sql.param(fees.map((f) => f.id!))}::bigint[])
           ORDER BY txn_id`,
    );
    expect(margins.map((m) => num(m.margin_fen))).toEqual([1600, 2400, 3000, 3000]);

    // The grandchild's earnings record of the second year's fee explains the tier.
    const [line] = await rows<{ id: unknown; detail: unknown }>(
      db,
      sql`SELECT l.id, l.detail FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
           WHERE l.txn_id = ${fees[1]!.id!} AND a.agent_id = ${GRAND}`,
    );
    const detail = (typeof line!.detail === 'string' ? JSON.parse(line!.detail) : line!.detail) as {
      tier: number;
      periodIndex: number;
    };
    expect(detail).toMatchObject({ optionFen: 3600, tier: 2, periodIndex: 1 });
    const shown = await agentCall<EarningDetail>(
      app,
      grandToken,
      'GET',
      `/api/ag/agent/wallet/earning?id=${num(line!.id)}`,
    );
    expect(shown.code).toBe(200);
    expect(shown.data.formula).toBe(
      '收取 36.00元，本终端第2年的流量费，按「第二次」档返现；流量费分润：您的金额 5.00元 − 下级金额 0.00元 = 5.00元',
    );
    expect(shown.data.formulaEn).toContain('SIM fee of year 2, paid at the "second" cashback');
    await healthy();
  });

  it('settles to the same ledger whatever order the collections arrive and are settled in', async () => {
    // Terminal 1 in order, settled after each; terminal 2 the same facts, last year first.
    const inOrder = [];
    for (const year of [0, 1, 2]) {
      inOrder.push(await simFee(`TIB-a${year}`, fx.sns[1]!, inYear(year, 3)));
      await runSettlement(db);
    }
    const reversed: Record<number, number> = {};
    for (const year of [2, 0, 1]) {
      reversed[year] = (await simFee(`TIB-b${year}`, fx.sns[2]!, inYear(year, 3))).id!;
      await runSettlement(db);
    }
    for (const year of [0, 1, 2]) {
      expect(await earned(reversed[year]!)).toEqual(await earned(inOrder[year]!.id!));
      expect(await earned(reversed[year]!)).toEqual(pays(year === 0 ? 1 : year === 1 ? 2 : 3));
    }
    // A second collection of a year already collected counts once: the earlier trade time wins,
    // whichever arrives first, and the chain is paid that year's tier once.
    const late = await simFee('TIB-b1-late', fx.sns[2]!, inYear(1, 10));
    expect(late.flag).toBe('duplicate_fee');
    await healthy();
  });

  it('an earlier collection of a year that arrives later takes the year over at the same tier', async () => {
    const late = await simFee('TIE-late', fx.sns[5]!, inYear(1, 20));
    await runSettlement(db);
    expect(await earned(late.id!)).toEqual(pays(2));
    // The 60-yuan option, collected earlier in the same year, arrives now: it counts instead,
    // priced at the year's tier (the fixture's 60-yuan shares have no tiers: 30/25/20 yuan).
    const early = await simFee('TIE-early', fx.sns[5]!, inYear(1, 5), 6000);
    expect(early.flag).toBeNull();
    await runSettlement(db);
    const both = async () => {
      const a = await earned(late.id!);
      const b = await earned(early.id!);
      return Object.fromEntries([TOP, CHILD, GRAND].map((id) => [id, a[id]! + b[id]!]));
    };
    expect(await both()).toEqual({ [GRAND]: 2000, [CHILD]: 500, [TOP]: 500 });
    const [line] = await rows<{ detail: unknown }>(
      db,
      sql`SELECT l.detail FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
           WHERE l.txn_id = ${early.id!} AND a.agent_id = ${GRAND} AND l.amount_fen > 0`,
    );
    const detail = (
      typeof line!.detail === 'string' ? JSON.parse(line!.detail) : line!.detail
    ) as Record<string, unknown>;
    expect(detail).toMatchObject({ optionFen: 6000, tier: 2, periodIndex: 1 });
    await healthy();
  });

  it('counts the tier per terminal, so a terminal that changes hands goes on to its second tier', async () => {
    const first = await simFee('TIC-y0', fx.sns[3]!, inYear(0));
    await runSettlement(db);
    expect(await earned(first.id!)).toEqual(pays(1));
    // The terminal's merchant moves from the grandchild to the child.
    await db.execute(sql`
      UPDATE merchants SET agent_id = ${CHILD}, agent_path = ${chain[1]!.path} WHERE id = ${fx.merchantId}`);
    await db.execute(sql`
      UPDATE terminals SET holder_agent_id = ${CHILD}, holder_path = ${chain[1]!.path}
       WHERE id = ${fx.terminalIds[3]!}`);
    const second = await simFee('TIC-y1', fx.sns[3]!, inYear(1));
    await runSettlement(db);
    // The child is now the direct agent: its own second-tier figure, the top the difference.
    expect(await earned(second.id!)).toEqual({
      [GRAND]: 0,
      [CHILD]: SIM_TIERS[1]![1],
      [TOP]: SIM_TIERS[0]![1] - SIM_TIERS[1]![1],
    });
    await db.execute(sql`
      UPDATE merchants SET agent_id = ${GRAND}, agent_path = ${chain[2]!.path} WHERE id = ${fx.merchantId}`);
    await db.execute(sql`
      UPDATE terminals SET holder_agent_id = ${GRAND}, holder_path = ${chain[2]!.path}
       WHERE id = ${fx.terminalIds[3]!}`);
  });

  it('credits in two phases: a batch that dies after staging or after its lines leaves nothing, and the rerun pays once', async () => {
    const a = await simFee('TID-y0', fx.sns[4]!, inYear(0));
    const b = await simFee('TID-y2', fx.sns[4]!, inYear(2));
    const ids = [a.id!, b.id!];
    for (const step of ['staged', 'lines'] as const) {
      await expect(
        settleBatch(db, {
          onlyTxnIds: ids,
          onStep: (at) => {
            if (at === step) throw new Error(`crash at ${step}`);
          },
        }),
      ).rejects.toThrow(`crash at ${step}`);
      const [left] = await rows<{ lines: unknown; settled: unknown; queued: unknown }>(
        db,
        sql`SELECT (SELECT count(*) FROM ledger_lines WHERE txn_id = ANY(${sql.param(ids)}::bigint[])) AS lines,
                   (SELECT count(*) FROM settlements WHERE txn_id = ANY(${sql.param(ids)}::bigint[])) AS settled,
                   (SELECT count(*) FROM settlement_queue WHERE txn_id = ANY(${sql.param(ids)}::bigint[])) AS queued`,
      );
      expect([num(left!.lines), num(left!.settled), num(left!.queued)]).toEqual([0, 0, 2]);
    }
    await runSettlement(db);
    await runSettlement(db);
    expect(await earned(a.id!)).toEqual(pays(1));
    expect(await earned(b.id!)).toEqual(pays(3));
    await healthy();
  });
});

describe('deposit (service fee) options', () => {
  it('pays each of 99 / 199 / 299 yuan its own cashback per level', async () => {
    const dep = await createSettlementFixture(db, chain, { tag: 'TD', terminals: 3, boundAt });
    const perLevel = [
      [8000, 16000, 24000],
      [6000, 12000, 20000],
      [4000, 9000, 14000],
    ];
    const options = [9900, 19900, 29900];
    await db.execute(sql`
      UPDATE policies SET service_fee_options_fen = ${JSON.stringify(options)}::jsonb WHERE id = ${dep.policyId}`);
    for (const [level, agent] of chain.entries()) {
      const shares = options.map((optionFen, i) => ({ optionFen, shareFen: perLevel[level]![i]! }));
      await db.execute(sql`
        UPDATE agent_policies SET service_fee_shares = ${JSON.stringify(shares)}::jsonb
         WHERE agent_id = ${agent.id} AND policy_id = ${dep.policyId}`);
    }
    const fees = [];
    for (const [i, optionFen] of options.entries())
      fees.push(
        await ingestNotification(db, {
          txnId: `TDA-${optionFen}`,
          kind: TXN_KIND.PAYMENT,
          sn: dep.sns[i]!,
          amountFen: optionFen,
          payType: 1,
          totalType: TOTAL_TYPE.SERVICE_FEE,
          cardType: 1,
          method: 1,
          status: 1,
          tradeTime: new Date(Date.now() - 2 * DAY).toISOString(),
        }),
      );
    expect(fees.map((f) => f.flag)).toEqual([null, null, null]);
    await runSettlement(db);
    for (const [i, f] of fees.entries()) {
      const fig = (level: number) => perLevel[level]![i]!;
      expect(await earned(f.id!)).toEqual({
        [GRAND]: fig(2),
        [CHILD]: fig(1) - fig(2),
        [TOP]: fig(0) - fig(1),
      });
    }
    const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    const [line] = await rows<{ id: unknown }>(
      db,
      sql`SELECT l.id FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
           WHERE l.txn_id = ${fees[1]!.id!} AND a.agent_id = ${GRAND}`,
    );
    const shown = await agentCall<EarningDetail>(
      app,
      token,
      'GET',
      `/api/ag/agent/wallet/earning?id=${num(line!.id)}`,
    );
    expect(shown.data.formula).toBe(
      '收取押金 199.00元，按押金199.00元档返现；服务费分润：您的金额 90.00元 − 下级金额 0.00元 = 90.00元',
    );
    await healthy();
  });
});

describe('SIM fee tiers in the policy terms', () => {
  let top: string;
  let ld: OpenedPolicy;
  beforeAll(async () => {
    top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    const own = await agentCall<OpenedPolicy[]>(app, top, 'GET', '/api/ag/agent/open/policy/info');
    ld = own.data.find((p) => p.brandName === '联迪')!;
  });

  const draft = async () =>
    (
      await agentCall<OpenDraft>(
        app,
        top,
        'GET',
        `/api/ag/agent/open/policy/draft?childId=${demo.child.id}&policyId=${ld.policyId}`,
      )
    ).data;

  it('refuses a child tier above its parent, naming the field, and changes nothing', async () => {
    const d = await draft();
    const option = d.own.commFeeShares.findIndex((s) => s.optionFen === 3600);
    expect(d.own.commFeeShares[option]).toEqual({
      optionFen: 3600,
      shareFen: 2400,
      secondFen: 1400,
      laterFen: 1000,
    });
    const terms = structuredClone(d.current!);
    terms.commFeeShares[option]!.secondFen = 1500;
    const res = await agentCall(app, top, 'POST', '/api/ag/agent/open/policy/open', {
      childId: demo.child.id,
      policyId: ld.policyId,
      terms,
    });
    expect(res).toMatchObject({
      code: 400,
      msg: '流量费36.00元档第二次返现不能高于上级的14.00元',
      field: `commFeeShares.${option}.secondFen`,
    });
    expect((await draft()).currentVersion).toBe(d.currentVersion);
  });

  it('raises a tier as a new version of the terms, shown in the policy detail', async () => {
    const d = await draft();
    const option = d.current!.commFeeShares.findIndex((s) => s.optionFen === 3600);
    const terms = structuredClone(d.current!);
    terms.commFeeShares[option]!.laterFen = 900;
    const res = await agentCall<{ id: number; version: number }>(
      app,
      top,
      'POST',
      '/api/ag/agent/open/policy/open',
      { childId: demo.child.id, policyId: ld.policyId, terms },
    );
    expect(res.code).toBe(200);
    expect(res.data.version).toBe(d.currentVersion! + 1);
    const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
    const mine = await agentCall<OpenedPolicy[]>(
      app,
      child,
      'GET',
      '/api/ag/agent/open/policy/info',
    );
    const id = mine.data.find((p) => p.policyId === ld.policyId)!.id;
    const detail = await agentCall<AgentPolicyDetail>(
      app,
      child,
      'GET',
      `/api/agent-rate/info/${id}`,
    );
    expect(detail.data.terms.commFeeShares[option]).toEqual({
      optionFen: 3600,
      shareFen: 2000,
      secondFen: 1200,
      laterFen: 900,
    });
    // The version before keeps the figure it had.
    const before = detail.data.versions.find((v) => v.version === d.currentVersion)!;
    expect(before.terms.commFeeShares[option]!.laterFen).toBe(800);
    // Lowering it again needs the child's consent.
    terms.commFeeShares[option]!.laterFen = 850;
    expect(
      await agentCall(app, top, 'POST', '/api/ag/agent/open/policy/open', {
        childId: demo.child.id,
        policyId: ld.policyId,
        terms,
      }),
    ).toMatchObject({ code: 400, field: `commFeeShares.${option}.laterFen` });
  });
});

describe("the console's root policy", () => {
  it("edits the top agent's tiers as a new version, refused on the tier's field when lowered", async () => {
    const ops = await adminLogin(app, 'operations');
    const own = await agentCall<OpenedPolicy[]>(
      app,
      await loginAs(app, DEMO_ACCOUNTS.top.mobile),
      'GET',
      '/api/ag/agent/open/policy/info',
    );
    const ld = own.data.find((p) => p.brandName === '联迪')!;
    const draft = await adminCall<AdminRootDraft>(
      app,
      ops,
      'GET',
      `/policies/root-draft?agentId=${TOP}&policyId=${ld.policyId}`,
    );
    const terms = structuredClone(draft.body.data.terms);
    const option = terms.commFeeShares.findIndex((s) => s.optionFen === 6000);
    expect(terms.commFeeShares[option]).toMatchObject({ secondFen: 2400, laterFen: 1600 });
    terms.commFeeShares[option]!.laterFen = 1500;
    const refused = await adminCall(app, ops, 'POST', '/policies/open-top', {
      agentId: TOP,
      policyId: ld.policyId,
      terms,
    });
    expect(refused.body).toMatchObject({
      code: 400,
      field: `commFeeShares.${option}.laterFen`,
      msg: '流量费60.00元档第三次及以后返现只能调高，不能低于当前16.00元（调低需下级同意）',
    });
    terms.commFeeShares[option]!.laterFen = 1700;
    const saved = await adminCall<{ version: number }>(app, ops, 'POST', '/policies/open-top', {
      agentId: TOP,
      policyId: ld.policyId,
      terms,
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    expect(saved.body.data.version).toBe(draft.body.data.version! + 1);
    const again = await adminCall<AdminRootDraft>(
      app,
      ops,
      'GET',
      `/policies/root-draft?agentId=${TOP}&policyId=${ld.policyId}`,
    );
    expect(again.body.data.terms.commFeeShares[option]!.laterFen).toBe(1700);
  });
});
