import { sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agentPolicies, brands, merchants, productPolicies, terminals } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { addNewMerchantFigure } from '../stats/add-new-merchant-figure';

/**
 * A product policy with every rate type, terms opened down a chain of agents, a merchant and
 * bound terminals: what settlement needs. The demo seed uses it when the terminals and policies
 * seeds have not made any bound terminal, and the server tests use it to build their cases.
 * Written with plain SQL against the terminals and policies tables (their migrations own them).
 */

export interface FixtureAgent {
  id: number;
  path: string;
  topId: number | null;
  parentId: number | null;
}

/** Per rate type 1-6: standard rate (cap in fen for 6), acquirer cost. */
export const FIXTURE_PRODUCT_RATES: Record<
  number,
  { standard: number; acquirer: number; min: number; max: number }
> = {
  1: { standard: 6000, acquirer: 4800, min: 5500, max: 7000 },
  2: { standard: 3800, acquirer: 2500, min: 3000, max: 4500 },
  3: { standard: 3800, acquirer: 2500, min: 3000, max: 4500 },
  4: { standard: 6300, acquirer: 5000, min: 6000, max: 7500 },
  5: { standard: 6500, acquirer: 5000, min: 6000, max: 8000 },
  6: { standard: 2500, acquirer: 1800, min: 2000, max: 3500 },
};

export interface FixtureTerms {
  /** Cost per rate type. */
  costs: Record<number, number>;
  activationRewardFen: number;
  standardRewardsFen: number[];
  serviceFeeShares: { optionFen: number; shareFen: number }[];
  /** SIM fee options may carry tiers (secondFen, laterFen: fee-tiers.ts). */
  commFeeShares: { optionFen: number; shareFen: number; secondFen?: number; laterFen?: number }[];
}

/** Terms for the top agent and each level below: costs rise, rewards and shares fall. */
export function fixtureTerms(level: number): FixtureTerms {
  const up = (base: number, step: number) => base + step * level;
  return {
    costs: {
      1: up(5000, 200),
      2: up(2800, 200),
      3: up(2800, 100),
      4: up(5300, 200),
      5: up(5500, 200),
      6: up(2000, 100),
    },
    activationRewardFen: Math.max(0, 10000 - 2000 * level),
    standardRewardsFen: [Math.max(0, 5000 - 1000 * level), Math.max(0, 3000 - 500 * level)],
    serviceFeeShares: [
      { optionFen: 0, shareFen: 0 },
      { optionFen: 9900, shareFen: Math.max(0, 8000 - 2000 * level) },
      { optionFen: 19900, shareFen: Math.max(0, 16000 - 4000 * level) },
    ],
    commFeeShares: [
      { optionFen: 0, shareFen: 0 },
      { optionFen: 3600, shareFen: Math.max(0, 2000 - 500 * level) },
      { optionFen: 6000, shareFen: Math.max(0, 3000 - 500 * level) },
    ],
  };
}

/**
 * The id of the row an INSERT … RETURNING id made, read through the CTE it becomes and typed by
 * its table's id column (`made`, decision 040).
 */
async function madeId<C extends Column>(db: DbOrTx, id: C, insert: SQL) {
  const row = await selectOne(db, { id }, sql`FROM made`, { with: sql`WITH made AS (${insert})` });
  if (!row) throw new Error('the insert returned no id');
  return row.id;
}

export interface SettlementFixture {
  brandId: number;
  policyId: number;
  merchantId: number;
  terminalIds: number[];
  sns: string[];
}

/**
 * Makes the policy, opens it down `chain` (top first), signs a merchant up under the last agent
 * and binds `terminals` terminals to it. `tag` keeps names unique; `termsOf(level)` may override
 * the terms of a level (0 = top).
 */
export async function createSettlementFixture(
  db: DbOrTx,
  chain: readonly FixtureAgent[],
  opts: {
    tag: string;
    terminals?: number;
    termsOf?: (level: number) => FixtureTerms;
    boundAt?: Date;
    serviceFeeFen?: number;
    commFeeFen?: number;
    activationThresholdFen?: number;
  },
): Promise<SettlementFixture> {
  const termsOf = opts.termsOf ?? fixtureTerms;
  const brandId = await madeId(
    db,
    alias(brands, 'made').id,
    sql`INSERT INTO brands (name, models) VALUES (${`结算测试品牌${opts.tag}`}, ARRAY['P1']) RETURNING id`,
  );
  const policyId = await madeId(
    db,
    alias(productPolicies, 'made').id,
    sql`INSERT INTO policies (brand_id, name, activation_threshold_fen, activation_window_days, standard_months,
                              service_fee_options_fen, comm_fee_options_fen)
        VALUES (${brandId}, ${`结算测试政策${opts.tag}`}, ${opts.activationThresholdFen ?? 1_000_000}, 30,
                ${JSON.stringify([
                  { month: 1, thresholdFen: 2_000_000 },
                  { month: 2, thresholdFen: 3_000_000 },
                ])}::jsonb,
                '[0, 9900, 19900]'::jsonb, '[0, 3600, 6000]'::jsonb)
        RETURNING id`,
  );
  for (const [rateType, r] of Object.entries(FIXTURE_PRODUCT_RATES)) {
    await db.execute(sql`
      INSERT INTO policy_rates (policy_id, rate_type, standard_rate, min_rate, max_rate, acquirer_cost)
      VALUES (${policyId}, ${Number(rateType)}, ${r.standard}, ${r.min}, ${r.max}, ${r.acquirer})`);
  }
  const top = chain[0]!;
  for (let level = 0; level < chain.length; level++) {
    const agent = chain[level]!;
    const terms = termsOf(level);
    const agentPolicyId = await madeId(
      db,
      alias(agentPolicies, 'made').id,
      sql`INSERT INTO agent_policies (agent_id, policy_id, agent_path, top_id, parent_agent_id, activation_reward_fen,
                                      standard_rewards_fen, service_fee_shares, comm_fee_shares, opened_by)
          VALUES (${agent.id}, ${policyId}, ${agent.path}, ${agent.topId ?? top.id}, ${agent.parentId},
                  ${terms.activationRewardFen}, ${JSON.stringify(terms.standardRewardsFen)}::jsonb,
                  ${JSON.stringify(terms.serviceFeeShares)}::jsonb, ${JSON.stringify(terms.commFeeShares)}::jsonb,
                  ${agent.parentId ?? agent.id})
          RETURNING id`,
    );
    for (const [rateType, cost] of Object.entries(terms.costs)) {
      const r = FIXTURE_PRODUCT_RATES[Number(rateType)]!;
      await db.execute(sql`
        INSERT INTO agent_policy_rates (agent_policy_id, agent_id, policy_id, rate_type, cost, min_rate, max_rate)
        VALUES (${agentPolicyId}, ${agent.id}, ${policyId}, ${Number(rateType)}, ${cost}, ${r.min}, ${r.max})`);
    }
  }
  const owner = chain[chain.length - 1]!;
  const signedUpAt = new Date();
  const merchantId = await madeId(
    db,
    alias(merchants, 'made').id,
    sql`INSERT INTO merchants (merchant_no, name, legal_name, mobile, agent_id, agent_path, top_id, created_at)
        VALUES (${`M${opts.tag}`.slice(0, 20)}, ${`测试商户${opts.tag}`}, '张三', '13700000000', ${owner.id}, ${owner.path},
                ${owner.topId ?? top.id}, ${signedUpAt})
        RETURNING id`,
  );
  // Counted as a sign-up is (createMerchant), so the figures stay those of the base tables.
  await addNewMerchantFigure(db, {
    agentId: owner.id,
    topId: owner.topId ?? top.id,
    createdAt: signedUpAt,
  });
  const terminalIds: number[] = [];
  const sns: string[] = [];
  for (let i = 0; i < (opts.terminals ?? 1); i++) {
    const sn = `ST${opts.tag}${String(i).padStart(4, '0')}`;
    const terminalId = await madeId(
      db,
      alias(terminals, 'made').id,
      sql`INSERT INTO terminals (sn, brand_id, model, policy_id, holder_agent_id, holder_path, top_id, service_fee_fen,
                                 comm_fee_fen, bind_status, merchant_id, bound_at)
          VALUES (${sn}, ${brandId}, 'P1', ${policyId}, ${owner.id}, ${owner.path}, ${owner.topId ?? top.id},
                  ${opts.serviceFeeFen ?? 9900}, ${opts.commFeeFen ?? 3600}, 1, ${merchantId},
                  ${opts.boundAt ?? new Date()})
          RETURNING id`,
    );
    terminalIds.push(terminalId);
    sns.push(sn);
  }
  return { brandId, policyId, merchantId, terminalIds, sns };
}
