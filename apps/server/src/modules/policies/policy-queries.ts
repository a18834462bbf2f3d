import type {
  AgentPolicyTerms,
  AgentRate,
  FeeShare,
  ProductPolicyTerms,
  ProductPolicyView,
  RateType,
  StandardMonth,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { json, num } from './scope';
import { andInTree } from '../../db/tree';

/**
 * Reads of product policies and agent terms shared by the policies use cases. None of them
 * applies a caller's scope: the use cases decide who may see what and call these with ids they
 * have already checked.
 */

export interface ProductPolicy extends ProductPolicyTerms {
  id: number;
  brandId: number;
  brandName: string;
  name: string;
  version: number;
}

/** A product policy with its rates, or null when it does not exist or has no rates yet. */
export async function loadProductPolicy(
  db: DbOrTx,
  policyId: number,
): Promise<ProductPolicy | null> {
  const [p] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT p.id, p.brand_id, b.name AS brand_name, p.name, p.version, p.activation_threshold_fen,
          p.activation_window_days, p.standard_months, p.service_fee_options_fen, p.comm_fee_options_fen
        FROM policies p JOIN brands b ON b.id = p.brand_id WHERE p.id = ${policyId}`,
  );
  if (!p) return null;
  const rates = await rows<Record<string, unknown>>(
    db,
    sql`SELECT rate_type, standard_rate, min_rate, max_rate, acquirer_cost FROM policy_rates
        WHERE policy_id = ${policyId} ORDER BY rate_type`,
  );
  if (rates.length === 0) return null;
  return {
    id: num(p.id),
    brandId: num(p.brand_id),
    brandName: String(p.brand_name),
    name: String(p.name),
    version: num(p.version),
    rates: rates.map((r) => ({
      rateType: num(r.rate_type) as RateType,
      standardRate: num(r.standard_rate),
      minRate: num(r.min_rate),
      maxRate: num(r.max_rate),
      acquirerCost: num(r.acquirer_cost),
    })),
    activationThresholdFen: num(p.activation_threshold_fen),
    activationWindowDays: num(p.activation_window_days),
    standardMonths: json<StandardMonth[]>(p.standard_months),
    serviceFeeOptionsFen: json<number[]>(p.service_fee_options_fen).map(Number),
    commFeeOptionsFen: json<number[]>(p.comm_fee_options_fen).map(Number),
  };
}

/** The product as the caller may see it: the acquirer's cost only for operators. */
export function productView(
  product: ProductPolicy,
  caller: Pick<Caller, 'role'>,
): ProductPolicyView {
  return {
    rates: product.rates.map((r) => ({
      ...r,
      acquirerCost: caller.role === 'operator' ? r.acquirerCost : null,
    })),
    activationThresholdFen: product.activationThresholdFen,
    activationWindowDays: product.activationWindowDays,
    standardMonths: product.standardMonths,
    serviceFeeOptionsFen: product.serviceFeeOptionsFen,
    commFeeOptionsFen: product.commFeeOptionsFen,
  };
}

export interface AgentPolicyRecord {
  id: number;
  agentId: number;
  policyId: number;
  agentPath: string;
  topId: number;
  parentAgentId: number | null;
  openedBy: number;
  version: number;
  createdAt: unknown;
  updatedAt: unknown;
  terms: AgentPolicyTerms;
}

const RECORD_COLUMNS = sql`ap.id, ap.agent_id, ap.policy_id, ap.agent_path, ap.top_id, ap.parent_agent_id,
  ap.opened_by, ap.version, ap.created_at, ap.updated_at, ap.activation_reward_fen, ap.standard_rewards_fen,
  ap.service_fee_shares, ap.comm_fee_shares`;

async function toRecords(
  db: DbOrTx,
  found: Record<string, unknown>[],
  topId?: number | null,
): Promise<AgentPolicyRecord[]> {
  if (found.length === 0) return [];
  const ids = sql`${`{${found.map((r) => num(r.id)).join(',')}}`}::bigint[]`;
  const rateRows = await rows<Record<string, unknown>>(
    db,
    topId === null || topId === undefined
      ? sql`SELECT agent_policy_id, rate_type, cost, min_rate, max_rate FROM agent_policy_rates
            WHERE agent_policy_id = ANY(${ids}) ORDER BY agent_policy_id, rate_type`
      : // The rates reach the tree through their agent policy (decision 020).
        sql`SELECT r.agent_policy_id, r.rate_type, r.cost, r.min_rate, r.max_rate
              FROM agent_policy_rates r
              JOIN agent_policies ap ON ap.id = r.agent_policy_id AND ap.top_id = ${topId}
             WHERE r.agent_policy_id = ANY(${ids}) ORDER BY r.agent_policy_id, r.rate_type`,
  );
  const ratesById = new Map<number, AgentRate[]>();
  for (const r of rateRows) {
    const key = num(r.agent_policy_id);
    const list = ratesById.get(key) ?? [];
    list.push({
      rateType: num(r.rate_type) as RateType,
      cost: num(r.cost),
      minRate: num(r.min_rate),
      maxRate: num(r.max_rate),
    });
    ratesById.set(key, list);
  }
  return found.map((r) => ({
    id: num(r.id),
    agentId: num(r.agent_id),
    policyId: num(r.policy_id),
    agentPath: String(r.agent_path),
    topId: num(r.top_id),
    parentAgentId: r.parent_agent_id === null ? null : num(r.parent_agent_id),
    openedBy: num(r.opened_by),
    version: num(r.version),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    terms: {
      rates: ratesById.get(num(r.id)) ?? [],
      activationRewardFen: num(r.activation_reward_fen),
      standardRewardsFen: json<number[]>(r.standard_rewards_fen).map(Number),
      serviceFeeShares: json<FeeShare[]>(r.service_fee_shares),
      commFeeShares: json<FeeShare[]>(r.comm_fee_shares),
    },
  }));
}

/**
 * One agent's terms under one product policy, or null when none was opened; read in the tree
 * `opts.topId` when given (the caller's, decision 020).
 */
export async function loadAgentPolicy(
  db: DbOrTx,
  agentId: number,
  policyId: number,
  opts: { forUpdate?: boolean; topId?: number | null } = {},
): Promise<AgentPolicyRecord | null> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${RECORD_COLUMNS} FROM agent_policies ap WHERE ap.agent_id = ${agentId} AND ap.policy_id = ${policyId}${andInTree('ap.top_id', { topId: opts.topId })}
        ${opts.forUpdate ? sql`FOR UPDATE` : sql``}`,
  );
  return (await toRecords(db, found, opts.topId))[0] ?? null;
}

/** Every top-level agent's root policy under one product policy (locked when asked). */
export async function loadRootPolicies(
  db: DbOrTx,
  policyId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<AgentPolicyRecord[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${RECORD_COLUMNS} FROM agent_policies ap
        WHERE ap.policy_id = ${policyId} AND ap.parent_agent_id IS NULL
        ORDER BY ap.id ${opts.forUpdate ? sql`FOR UPDATE OF ap` : sql``}`,
  );
  return toRecords(db, found);
}

/** An agent policy by its id, or null; only in the tree `topId` when given (decision 020). */
export async function loadAgentPolicyById(
  db: DbOrTx,
  id: number,
  topId?: number | null,
): Promise<AgentPolicyRecord | null> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${RECORD_COLUMNS} FROM agent_policies ap WHERE ap.id = ${id}${andInTree('ap.top_id', { topId })}`,
  );
  return (await toRecords(db, found, topId))[0] ?? null;
}

/** The terms in a stable order (rate types ascending, fee options as the product lists them). */
export function normalizeTerms(
  terms: AgentPolicyTerms,
  product: ProductPolicyTerms,
): AgentPolicyTerms {
  const order = (shares: FeeShare[], options: number[]) =>
    options.map((o) => ({
      optionFen: o,
      shareFen: shares.find((s) => s.optionFen === o)?.shareFen ?? 0,
    }));
  return {
    rates: [...terms.rates]
      .sort((a, b) => a.rateType - b.rateType)
      .map((r) => ({ rateType: r.rateType, cost: r.cost, minRate: r.minRate, maxRate: r.maxRate })),
    activationRewardFen: terms.activationRewardFen,
    standardRewardsFen: [...terms.standardRewardsFen],
    serviceFeeShares: order(terms.serviceFeeShares, product.serviceFeeOptionsFen),
    commFeeShares: order(terms.commFeeShares, product.commFeeOptionsFen),
  };
}
