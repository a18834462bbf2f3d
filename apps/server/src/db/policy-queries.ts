import type {
  AgentPolicyTerms,
  AgentRate,
  FeeShare,
  ProductPolicyTerms,
  ProductPolicyView,
  RateType,
} from '@pos/core';
import { normalizeSimShare } from '@pos/core';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from './client';
import {
  agentPolicies,
  agentPolicyRates,
  brands,
  policyRates,
  productPolicies,
  type AgentPolicyRow,
} from './schema';
import { select } from './typed';
import type { Caller } from '../plugins/auth';

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
  const p = productPolicies;
  const [found] = await db
    .select({
      id: p.id,
      brandId: p.brandId,
      brandName: brands.name,
      name: p.name,
      version: p.version,
      activationThresholdFen: p.activationThresholdFen,
      activationWindowDays: p.activationWindowDays,
      standardMonths: p.standardMonths,
      serviceFeeOptionsFen: p.serviceFeeOptionsFen,
      commFeeOptionsFen: p.commFeeOptionsFen,
    })
    .from(p)
    .innerJoin(brands, eq(brands.id, p.brandId))
    .where(eq(p.id, policyId));
  if (!found) return null;
  const rates = await db
    .select({
      rateType: policyRates.rateType,
      standardRate: policyRates.standardRate,
      minRate: policyRates.minRate,
      maxRate: policyRates.maxRate,
      acquirerCost: policyRates.acquirerCost,
    })
    .from(policyRates)
    .where(eq(policyRates.policyId, policyId))
    .orderBy(asc(policyRates.rateType));
  if (rates.length === 0) return null;
  return {
    ...found,
    rates: rates.map((r) => ({ ...r, rateType: r.rateType as RateType })),
    serviceFeeOptionsFen: found.serviceFeeOptionsFen.map(Number),
    commFeeOptionsFen: found.commFeeOptionsFen.map(Number),
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
  createdAt: Date;
  updatedAt: Date;
  terms: AgentPolicyTerms;
}

const r = alias(agentPolicyRates, 'r');
const ap = alias(agentPolicies, 'ap');

async function toRecords(
  db: DbOrTx,
  found: AgentPolicyRow[],
  topId?: number | null,
): Promise<AgentPolicyRecord[]> {
  if (found.length === 0) return [];
  const ids = sql`${`{${found.map((p) => p.id).join(',')}}`}::bigint[]`;
  const rateRows = await select(
    db,
    {
      agentPolicyId: r.agentPolicyId,
      rateType: r.rateType,
      cost: r.cost,
      minRate: r.minRate,
      maxRate: r.maxRate,
    },
    sql`FROM agent_policy_rates r${
      topId === null || topId === undefined
        ? sql``
        : // The rates reach the tree through their agent policy (decision 020).
          sql` JOIN agent_policies ap ON ${ap.id} = ${r.agentPolicyId} AND ${ap.topId} = ${topId}`
    }
        WHERE ${r.agentPolicyId} = ANY(${ids}) ORDER BY ${r.agentPolicyId}, ${r.rateType}`,
  );
  const ratesById = new Map<number, AgentRate[]>();
  for (const { agentPolicyId, ...rate } of rateRows) {
    const list = ratesById.get(agentPolicyId) ?? [];
    list.push({ ...rate, rateType: rate.rateType as RateType });
    ratesById.set(agentPolicyId, list);
  }
  return found.map((p) => ({
    id: p.id,
    agentId: p.agentId,
    policyId: p.policyId,
    agentPath: p.agentPath,
    topId: p.topId,
    parentAgentId: p.parentAgentId,
    openedBy: p.openedBy,
    version: p.version,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
    terms: {
      rates: ratesById.get(p.id) ?? [],
      activationRewardFen: p.activationRewardFen,
      standardRewardsFen: p.standardRewardsFen.map(Number),
      serviceFeeShares: p.serviceFeeShares,
      commFeeShares: p.commFeeShares,
    },
  }));
}

/** `agent_policies.top_id = topId` when a tree is given (decision 020); nothing otherwise. */
const inTreeOf = (topId: number | null | undefined) =>
  topId === null || topId === undefined ? undefined : eq(agentPolicies.topId, topId);

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
  const query = db
    .select()
    .from(agentPolicies)
    .where(
      and(
        eq(agentPolicies.agentId, agentId),
        eq(agentPolicies.policyId, policyId),
        inTreeOf(opts.topId),
      ),
    );
  const found = await (opts.forUpdate ? query.for('update') : query);
  return (await toRecords(db, found, opts.topId))[0] ?? null;
}

/** Every top-level agent's root policy under one product policy (locked when asked). */
export async function loadRootPolicies(
  db: DbOrTx,
  policyId: number,
  opts: { forUpdate?: boolean } = {},
): Promise<AgentPolicyRecord[]> {
  const query = db
    .select()
    .from(agentPolicies)
    .where(and(eq(agentPolicies.policyId, policyId), isNull(agentPolicies.parentAgentId)))
    .orderBy(asc(agentPolicies.id));
  const found = await (opts.forUpdate ? query.for('update') : query);
  return toRecords(db, found);
}

/** An agent policy by its id, or null; only in the tree `topId` when given (decision 020). */
export async function loadAgentPolicyById(
  db: DbOrTx,
  id: number,
  topId?: number | null,
): Promise<AgentPolicyRecord | null> {
  const found = await db
    .select()
    .from(agentPolicies)
    .where(and(eq(agentPolicies.id, id), inTreeOf(topId)));
  return (await toRecords(db, found, topId))[0] ?? null;
}

/** The terms in a stable order (rate types ascending, fee options as the product lists them). */
export function normalizeTerms(
  terms: AgentPolicyTerms,
  product: ProductPolicyTerms,
): AgentPolicyTerms {
  // SIM fee shares keep their tiers (fee-tiers.ts); a deposit option has one figure.
  const order = (shares: FeeShare[], options: number[], tiers = false) =>
    options.map((o) => {
      const found = shares.find((s) => s.optionFen === o);
      if (tiers && found) return normalizeSimShare(found);
      return { optionFen: o, shareFen: found?.shareFen ?? 0 };
    });
  return {
    rates: [...terms.rates]
      .sort((a, b) => a.rateType - b.rateType)
      .map((r) => ({ rateType: r.rateType, cost: r.cost, minRate: r.minRate, maxRate: r.maxRate })),
    activationRewardFen: terms.activationRewardFen,
    standardRewardsFen: [...terms.standardRewardsFen],
    serviceFeeShares: order(terms.serviceFeeShares, product.serviceFeeOptionsFen),
    commFeeShares: order(terms.commFeeShares, product.commFeeOptionsFen, true),
  };
}
