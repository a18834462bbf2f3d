import {
  shanghaiMonthKey,
  type AgentPolicyTerms,
  type ProductPolicyTerms,
  type RateType,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { loadProductPolicy } from './policy-queries';
import { saveAgentTerms } from '../modules/policies/save-agent-terms';
import { rows, type Db, type DbOrTx } from './client';
import { policyRates } from './schema';
import type { AgentRow } from './schema';

type Accounts = Record<'operator' | 'top' | 'child' | 'grandchild' | 'otherTop', AgentRow>;

/**
 * Demo policies, rates and fee changes:
 * - both demo product policies (联迪, 新大陆) get their terms: per rate type a standard rate,
 *   an allowed range and the acquirer cost; 10,000 yuan within 30 days to activate; three
 *   standard months; deposits 0/99/199/299 yuan and SIM fees 0/36/48/60 yuan a year;
 * - the platform opens both for both top agents; the top opens them for its child, the child for
 *   the grandchild (POS swipe cost 0.50% / 0.53% / 0.55%, standard 0.60%, range 0.55%-0.68%);
 * - merchant rates for some demo merchants, and rate and fee changes in each status;
 * - the top passes 80% of its price-adjustment income on to the child under the 联迪 policy.
 * Keyed on agent policies: when any exists, nothing is written.
 */
export async function seedPolicies(db: Db, accounts: Accounts) {
  const [exists] = await rows(db, sql`SELECT 1 FROM agent_policies LIMIT 1`);
  if (exists) return;
  const demo = await rows<{ id: unknown; brand: string }>(
    db,
    sql`SELECT p.id, b.name AS brand FROM policies p JOIN brands b ON b.id = p.brand_id
        WHERE b.name IN ('联迪', '新大陆') ORDER BY b.sort, p.id`,
  );
  if (demo.length === 0) return;
  const { operator, top, child, grandchild, otherTop } = accounts;

  await db.transaction(async (tx) => {
    for (const [index, p] of demo.entries()) {
      const policyId = Number(p.id);
      // The second brand is a little cheaper for agents, so the two policies differ on screen.
      const discount = index === 0 ? 0 : 100;
      await configureProduct(tx, policyId, productTerms(discount));
      const product = (await loadProductPolicy(tx, policyId))!;
      const open = async (
        agent: AgentRow,
        parentTerms: AgentPolicyTerms | null,
        terms: AgentPolicyTerms,
        by: AgentRow,
      ) =>
        saveAgentTerms(tx, {
          product,
          target: {
            id: agent.id,
            path: agent.path,
            topId: agent.topId ?? agent.id,
            parentId: agent.parentId,
          },
          parentTerms,
          terms,
          changedBy: by.id,
        });
      const topTerms = agentTerms(0, discount);
      const childTerms = agentTerms(1, discount);
      const grandTerms = agentTerms(2, discount);
      await open(top, null, topTerms, operator);
      await open(otherTop, null, topTerms, operator);
      // Version 1 of the child's terms, then the top lowers its POS cost: version 2 shows history.
      const firstChildTerms = structuredClone(childTerms);
      firstChildTerms.rates[0]!.cost += 100;
      firstChildTerms.activationRewardFen -= 1000;
      await open(child, topTerms, firstChildTerms, top);
      await open(child, topTerms, childTerms, top);
      await open(grandchild, childTerms, grandTerms, child);
    }
    const ldPolicyId = Number(demo[0]!.id);
    await seedMerchantRates(tx, accounts);
    await seedRateChanges(tx, accounts);
    await seedFeeChanges(tx, accounts);
    await seedPriceShares(tx, top, child, ldPolicyId);
  });
}

const RATE_TABLE: {
  rateType: RateType;
  standard: number;
  min: number;
  max: number;
  acquirer: number;
  costs: [number, number, number];
}[] = [
  // Percentages in ppm; the debit-card cap (6) in fen per capped transaction.
  { rateType: 1, standard: 6000, min: 5500, max: 6800, acquirer: 4800, costs: [5000, 5300, 5500] },
  { rateType: 2, standard: 3800, min: 3500, max: 3800, acquirer: 2300, costs: [2500, 2800, 3000] },
  { rateType: 3, standard: 3800, min: 3500, max: 4500, acquirer: 2200, costs: [2500, 2700, 2900] },
  { rateType: 4, standard: 6300, min: 6000, max: 7200, acquirer: 5000, costs: [5300, 5500, 5700] },
  { rateType: 5, standard: 6300, min: 6000, max: 7000, acquirer: 5200, costs: [5500, 5700, 5900] },
  { rateType: 6, standard: 2500, min: 2000, max: 3000, acquirer: 1800, costs: [1900, 2000, 2100] },
];
const SERVICE_OPTIONS = [0, 9900, 19900, 29900];
const COMM_OPTIONS = [0, 3600, 4800, 6000];

function productTerms(discount: number): ProductPolicyTerms {
  return {
    rates: RATE_TABLE.map((r) => ({
      rateType: r.rateType,
      standardRate: r.standard,
      minRate: r.min,
      maxRate: r.max,
      acquirerCost: r.rateType === 6 ? r.acquirer : r.acquirer - discount,
    })),
    activationThresholdFen: 1_000_000,
    activationWindowDays: 30,
    standardMonths: [
      { month: 1, thresholdFen: 1_000_000 },
      { month: 2, thresholdFen: 2_000_000 },
      { month: 3, thresholdFen: 3_000_000 },
    ],
    serviceFeeOptionsFen: SERVICE_OPTIONS,
    commFeeOptionsFen: COMM_OPTIONS,
  };
}

/** Terms of the demo chain: level 0 top, 1 child, 2 grandchild. */
function agentTerms(level: 0 | 1 | 2, discount: number): AgentPolicyTerms {
  const activation = [15000, 12000, 10000][level]!;
  const standard = [
    [5000, 8000, 10000],
    [4000, 6000, 8000],
    [3000, 5000, 6000],
  ][level]!;
  const service = [
    [0, 8000, 16000, 24000],
    [0, 7000, 14000, 21000],
    [0, 6000, 12000, 18000],
  ][level]!;
  const comm = [
    [0, 2400, 3200, 4000],
    [0, 2000, 2800, 3500],
    [0, 1500, 2200, 3000],
  ][level]!;
  const commSecond = [
    [0, 1400, 1900, 2400],
    [0, 1200, 1700, 2100],
    [0, 900, 1300, 1800],
  ][level]!;
  const commLater = [
    [0, 1000, 1300, 1600],
    [0, 800, 1100, 1400],
    [0, 600, 900, 1200],
  ][level]!;
  return {
    rates: RATE_TABLE.map((r) => ({
      rateType: r.rateType,
      cost: r.rateType === 6 ? r.costs[level] : r.costs[level] - discount,
      minRate: r.min,
      maxRate: r.max,
    })),
    activationRewardFen: activation,
    standardRewardsFen: standard,
    serviceFeeShares: SERVICE_OPTIONS.map((o, i) => ({ optionFen: o, shareFen: service[i]! })),
    // The SIM fee's cashback by collection: the first year's, the second's, the third's and later.
    commFeeShares: COMM_OPTIONS.map((o, i) => ({
      optionFen: o,
      shareFen: comm[i]!,
      secondFen: commSecond[i]!,
      laterFen: commLater[i]!,
    })),
  };
}

async function configureProduct(tx: DbOrTx, policyId: number, terms: ProductPolicyTerms) {
  await tx.execute(sql`
    UPDATE policies SET activation_threshold_fen = ${terms.activationThresholdFen},
      activation_window_days = ${terms.activationWindowDays},
      standard_months = ${JSON.stringify(terms.standardMonths)}::jsonb,
      service_fee_options_fen = ${JSON.stringify(terms.serviceFeeOptionsFen)}::jsonb,
      comm_fee_options_fen = ${JSON.stringify(terms.commFeeOptionsFen)}::jsonb,
      updated_at = now()
    WHERE id = ${policyId}`);
  await tx.insert(policyRates).values(terms.rates.map((r) => ({ policyId, ...r })));
}

/** Bound merchants of an agent, oldest first, with the policy of their first terminal. */
async function boundMerchants(tx: DbOrTx, agent: AgentRow, limit: number) {
  return rows<{ id: unknown; policy_id: unknown; sn: string; agent_path: string; top_id: unknown }>(
    tx,
    sql`SELECT DISTINCT ON (m.id) m.id, t.policy_id, t.sn, m.agent_path, m.top_id
        FROM merchants m JOIN terminals t ON t.merchant_id = m.id
        WHERE m.agent_id = ${agent.id} ORDER BY m.id, t.bound_at, t.id LIMIT ${limit}`,
  );
}

/** A few of each agent's merchants priced above or below the standard rate. */
async function seedMerchantRates(tx: DbOrTx, accounts: Accounts) {
  for (const agent of [accounts.top, accounts.child, accounts.otherTop]) {
    const merchants = await boundMerchants(tx, agent, 12);
    for (const [i, m] of merchants.entries()) {
      const pos = [6000, 6100, 6200, 6300, 5800, 6500][i % 6]!;
      await tx.execute(sql`
        INSERT INTO merchant_rates (merchant_id, rate_type, rate_ppm, policy_id, agent_id, top_id, updated_at)
        VALUES (${Number(m.id)}, 1, ${pos}, ${Number(m.policy_id)}, ${agent.id}, ${Number(m.top_id)}, now() - interval '40 days'),
               (${Number(m.id)}, 3, ${i % 2 === 0 ? 3800 : 4000}, ${Number(m.policy_id)}, ${agent.id}, ${Number(m.top_id)}, now() - interval '40 days')
        ON CONFLICT DO NOTHING`);
    }
  }
}

/**
 * Rate changes in every status on the child's oldest merchants (its newest ones are left free
 * for a change this month): done last month, failed with the acquirer's reason, and two still in
 * flight (they fail with the timeout reason if the acquirer never answers).
 */
async function seedRateChanges(tx: DbOrTx, accounts: Accounts) {
  const now = new Date();
  const lastMonth = new Date(now.getTime() - 35 * 24 * 3600 * 1000);
  const { child, top } = accounts;
  const merchants = await boundMerchants(tx, child, 4);
  const topMerchants = await boundMerchants(tx, top, 1);
  const plan = [
    {
      m: merchants[0],
      rateType: 1,
      oldRate: 6000,
      newRate: 6300,
      status: 2,
      reason: null,
      at: lastMonth,
    },
    {
      m: merchants[1],
      rateType: 3,
      oldRate: 3800,
      newRate: 4299,
      status: 3,
      reason: '收单机构拒绝：费率不符合报备要求',
      at: now,
    },
    {
      m: merchants[2],
      rateType: 4,
      oldRate: 6300,
      newRate: 6600,
      status: 1,
      reason: null,
      at: now,
    },
    {
      m: merchants[3],
      rateType: 5,
      oldRate: 6300,
      newRate: 6500,
      status: 0,
      reason: null,
      at: now,
    },
    {
      m: topMerchants[0],
      rateType: 1,
      oldRate: 6000,
      newRate: 6200,
      status: 2,
      reason: null,
      at: lastMonth,
    },
  ];
  for (const p of plan) {
    if (!p.m) continue;
    const agentId = p.m === topMerchants[0] ? top.id : child.id;
    const done = p.status >= 2;
    await tx.execute(sql`
      INSERT INTO rate_changes (merchant_id, terminal_id, sn, policy_id, rate_type, old_rate, new_rate, status, reason,
        month, requested_by, agent_id, agent_path, top_id, created_at, updated_at, finished_at)
      SELECT ${Number(p.m.id)}, t.id, t.sn, ${Number(p.m.policy_id)}, ${p.rateType},
        COALESCE((SELECT rate_ppm FROM merchant_rates WHERE merchant_id = ${Number(p.m.id)} AND rate_type = ${p.rateType}), ${p.oldRate}),
        ${p.newRate}, ${p.status},
        ${p.reason}, ${shanghaiMonthKey(p.at)}, ${agentId}, ${agentId}, ${p.m.agent_path}, ${Number(p.m.top_id)},
        ${p.at}, ${p.at}, ${done ? p.at : null}
      FROM terminals t WHERE t.sn = ${p.m.sn}`);
    if (p.status === 2) {
      await tx.execute(sql`
        INSERT INTO merchant_rates (merchant_id, rate_type, rate_ppm, policy_id, agent_id, top_id, updated_at)
        VALUES (${Number(p.m.id)}, ${p.rateType}, ${p.newRate}, ${Number(p.m.policy_id)}, ${agentId}, ${Number(p.m.top_id)}, ${p.at})
        ON CONFLICT (merchant_id, rate_type) DO UPDATE SET rate_ppm = EXCLUDED.rate_ppm, updated_at = EXCLUDED.updated_at`);
    }
  }
}

/** Fee changes on the top's unbound stock, one batch in each status. */
async function seedFeeChanges(tx: DbOrTx, accounts: Accounts) {
  const { top } = accounts;
  const lastMonth = new Date(Date.now() - 35 * 24 * 3600 * 1000);
  const now = new Date();
  const batches = [
    { from: 1001, to: 1010, kind: 1, fee: 9900, status: 2, reason: null, at: lastMonth },
    {
      from: 1011,
      to: 1015,
      kind: 2,
      fee: 6000,
      status: 3,
      reason: '收单机构拒绝：费用档位不符合报备要求',
      at: now,
    },
    { from: 1016, to: 1020, kind: 1, fee: 29900, status: 1, reason: null, at: now },
    { from: 1021, to: 1025, kind: 2, fee: 0, status: 0, reason: null, at: now },
  ];
  for (const b of batches) {
    const first = `LD${String(b.from).padStart(8, '0')}`;
    const last = `LD${String(b.to).padStart(8, '0')}`;
    const terminals = await rows<{ id: unknown; sn: string; policy_id: unknown; fee: unknown }>(
      tx,
      sql`SELECT id, sn, policy_id, ${b.kind === 1 ? sql`service_fee_fen` : sql`comm_fee_fen`} AS fee FROM terminals
          WHERE sn BETWEEN ${first} AND ${last} AND holder_agent_id = ${top.id} AND bind_status = 0 ORDER BY sn`,
    );
    if (terminals.length === 0) continue;
    const [change] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO fee_changes (kind, policy_id, new_fee_fen, count, first_sn, last_sn, status, reason, requested_by,
            agent_id, agent_path, top_id, created_at, updated_at, finished_at)
          VALUES (${b.kind}, ${Number(terminals[0]!.policy_id)}, ${b.fee}, ${terminals.length}, ${terminals[0]!.sn},
            ${terminals[terminals.length - 1]!.sn}, ${b.status}, ${b.reason}, ${top.id}, ${top.id}, ${top.path},
            ${top.topId ?? top.id}, ${b.at}, ${b.at}, ${b.status >= 2 ? b.at : null})
          RETURNING id`,
    );
    for (const t of terminals) {
      await tx.execute(sql`
        INSERT INTO fee_change_items (fee_change_id, terminal_id, sn, old_fee_fen)
        VALUES (${Number(change!.id)}, ${Number(t.id)}, ${t.sn}, ${Number(t.fee)})`);
    }
    if (b.status === 2) {
      const column = b.kind === 1 ? sql`service_fee_fen` : sql`comm_fee_fen`;
      await tx.execute(
        sql`UPDATE terminals SET ${column} = ${b.fee} WHERE sn BETWEEN ${first} AND ${last} AND bind_status = 0`,
      );
    }
  }
}

/** The top passes 90%, later 80%, of its adjustment income on to the child. */
async function seedPriceShares(tx: DbOrTx, top: AgentRow, child: AgentRow, policyId: number) {
  await tx.execute(sql`
    INSERT INTO price_shares (child_id, policy_id, parent_id, child_path, top_id, pass_ppm, updated_by, updated_at)
    VALUES (${child.id}, ${policyId}, ${top.id}, ${child.path}, ${child.topId ?? top.id}, 800000, ${top.id}, now() - interval '5 days')`);
  await tx.execute(sql`
    INSERT INTO price_share_history (child_id, policy_id, parent_id, pass_ppm, previous_pass_ppm, changed_by, created_at)
    VALUES (${child.id}, ${policyId}, ${top.id}, 900000, 1000000, ${top.id}, now() - interval '20 days'),
           (${child.id}, ${policyId}, ${top.id}, 800000, 900000, ${top.id}, now() - interval '5 days')`);
}
