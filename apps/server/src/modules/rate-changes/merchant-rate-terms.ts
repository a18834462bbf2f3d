import {
  merchantRateBounds,
  nextShanghaiMonthStart,
  shanghaiMonthKey,
  type AgentRate,
  type MerchantRateLine,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { loadProductPolicy, type ProductPolicy } from '../policies/policy-queries';
import { andInTree } from '../../db/tree';
import { num, pathInSubtree } from '../policies/scope';

export interface MerchantForRates {
  id: number;
  merchantNo: string;
  name: string;
  legalName: string;
  agentId: number;
  agentName: string;
  agentPath: string;
  topId: number;
}

/**
 * A merchant in the caller's subtree (and tree, decision 020), or 404 exactly as for one that
 * does not exist.
 */
export async function merchantInScope(
  db: DbOrTx,
  caller: Caller,
  merchantId: number,
): Promise<MerchantForRates> {
  const [m] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT m.id, m.merchant_no, m.name, m.legal_name, m.agent_id, a.name AS agent_name, m.agent_path, m.top_id
        FROM merchants m JOIN agents a ON a.id = m.agent_id${andInTree(sql`a.top_id`, caller)}
        WHERE m.id = ${merchantId}${andInTree(sql`m.top_id`, caller)}`,
  );
  if (!m || !pathInSubtree(String(m.agent_path), caller)) throw notFound('商户不存在');
  return {
    id: num(m.id),
    merchantNo: String(m.merchant_no),
    name: String(m.name),
    legalName: String(m.legal_name),
    agentId: num(m.agent_id),
    agentName: String(m.agent_name),
    agentPath: String(m.agent_path),
    topId: num(m.top_id),
  };
}

export interface MerchantRateTerms {
  /** The bound terminals, oldest binding first. */
  terminals: { id: number; sn: string; policyId: number | null; policyName: string | null }[];
  /** The policy the merchant's rates follow: its oldest bound terminal's. */
  product: ProductPolicy | null;
  /**
   * The direct agent's terms for every policy among the merchant's terminals (a rate must suit
   * each of them); null when it lacks one of them.
   */
  agentRates: Map<number, AgentRate>[] | null;
  current: Map<number, number>;
  /** Rate types with a change this month that is not failed. */
  changedThisMonth: Set<number>;
  /** Rate type -> id of a change still applying or processing. */
  pending: Map<number, number>;
}

/**
 * Everything the rate rules need about one merchant, read once; for an agent caller (`caller`
 * with a topId) in its tree, where the merchant and everything about it lie (decision 020).
 */
export async function loadMerchantRateTerms(
  db: DbOrTx,
  merchant: MerchantForRates,
  caller: Pick<Caller, 'topId'>,
  now = new Date(),
): Promise<MerchantRateTerms> {
  const tree = (column: SQL) => andInTree(column, caller);
  const terminals = (
    await rows<Record<string, unknown>>(
      db,
      sql`SELECT t.id, t.sn, t.policy_id, p.name AS policy_name FROM terminals t
          LEFT JOIN policies p ON p.id = t.policy_id
          WHERE t.merchant_id = ${merchant.id}${tree(sql`t.top_id`)} AND t.deleted_at IS NULL
          ORDER BY t.bound_at NULLS LAST, t.id`,
    )
  ).map((t) => ({
    id: num(t.id),
    sn: String(t.sn),
    policyId: t.policy_id === null ? null : num(t.policy_id),
    policyName: t.policy_name === null ? null : String(t.policy_name),
  }));
  const policyIds = [
    ...new Set(terminals.map((t) => t.policyId).filter((p): p is number => p !== null)),
  ];
  const product = policyIds[0] ? await loadProductPolicy(db, policyIds[0]) : null;
  let agentRates: Map<number, AgentRate>[] | null = [];
  for (const policyId of policyIds) {
    const rates = await loadAgentRates(db, merchant.agentId, policyId, caller);
    if (!rates) {
      agentRates = null;
      break;
    }
    agentRates.push(rates);
  }
  const current = new Map(
    (
      await rows<{ rate_type: unknown; rate_ppm: unknown }>(
        db,
        sql`SELECT rate_type, rate_ppm FROM merchant_rates
            WHERE merchant_id = ${merchant.id}${tree(sql`top_id`)}`,
      )
    ).map((r) => [num(r.rate_type), num(r.rate_ppm)]),
  );
  const changes = await rows<{ id: unknown; rate_type: unknown; status: unknown; month: string }>(
    db,
    sql`SELECT id, rate_type, status, month FROM rate_changes
        WHERE merchant_id = ${merchant.id}${tree(sql`top_id`)}
          AND (status IN (0, 1) OR month = ${shanghaiMonthKey(now)})`,
  );
  const month = shanghaiMonthKey(now);
  const changedThisMonth = new Set<number>();
  const pending = new Map<number, number>();
  for (const c of changes) {
    const status = num(c.status);
    if (status !== 3 && c.month === month) changedThisMonth.add(num(c.rate_type));
    if (status === 0 || status === 1) pending.set(num(c.rate_type), num(c.id));
  }
  return { terminals, product, agentRates, current, changedThisMonth, pending };
}

/**
 * The rates of an agent's terms under a product policy by rate type (as loadAgentPolicy reads
 * them), or null when it has no such terms; an agent caller's in its tree (decision 020).
 */
async function loadAgentRates(
  db: DbOrTx,
  agentId: number,
  policyId: number,
  caller: Pick<Caller, 'topId'>,
): Promise<Map<number, AgentRate> | null> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ap.id, r.rate_type, r.cost, r.min_rate, r.max_rate
        FROM agent_policies ap
        LEFT JOIN agent_policy_rates r ON r.agent_policy_id = ap.id
        WHERE ap.agent_id = ${agentId} AND ap.policy_id = ${policyId}${andInTree(sql`ap.top_id`, caller)}
        ORDER BY ap.id, r.rate_type`,
  );
  if (found.length === 0) return null;
  const first = num(found[0]!.id);
  const out = new Map<number, AgentRate>();
  for (const r of found) {
    if (num(r.id) !== first || r.rate_type === null || r.rate_type === undefined) continue;
    const rateType = num(r.rate_type) as AgentRate['rateType'];
    out.set(rateType, {
      rateType,
      cost: num(r.cost),
      minRate: num(r.min_rate),
      maxRate: num(r.max_rate),
    });
  }
  return out;
}

/**
 * The direct agent's effective terms for a rate type across the merchant's policies: the highest
 * cost and the narrowest range, so a rate inside them suits every policy.
 */
export function effectiveAgentRate(terms: MerchantRateTerms, rateType: number): AgentRate | null {
  if (!terms.agentRates || terms.agentRates.length === 0) return null;
  let out: AgentRate | null = null;
  for (const byType of terms.agentRates) {
    const r = byType.get(rateType);
    if (!r) return null;
    out = out
      ? {
          rateType: r.rateType,
          cost: Math.max(out.cost, r.cost),
          minRate: Math.max(out.minRate, r.minRate),
          maxRate: Math.min(out.maxRate, r.maxRate),
        }
      : { ...r };
  }
  return out;
}

/** The lines of the rate screen, one per rate type of the merchant's policy. */
export function rateLines(
  terms: MerchantRateTerms,
  showCost: boolean,
  now = new Date(),
): MerchantRateLine[] {
  if (!terms.product) return [];
  const next = nextShanghaiMonthStart(now).toISOString();
  return terms.product.rates.map((p) => {
    const agentRate = effectiveAgentRate(terms, p.rateType);
    const bounds = agentRate ? merchantRateBounds(agentRate) : { min: p.minRate, max: p.maxRate };
    const changed = terms.changedThisMonth.has(p.rateType);
    return {
      rateType: p.rateType,
      rate: terms.current.get(p.rateType) ?? p.standardRate,
      standardRate: p.standardRate,
      minAllowed: bounds.min,
      maxAllowed: bounds.max,
      ownCost: showCost && agentRate ? agentRate.cost : null,
      changedThisMonth: changed,
      nextChangeAt: changed ? next : null,
      pendingChangeId: terms.pending.get(p.rateType) ?? null,
    };
  });
}
