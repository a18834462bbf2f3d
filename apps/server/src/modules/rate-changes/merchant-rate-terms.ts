import {
  merchantRateBounds,
  nextShanghaiMonthStart,
  shanghaiMonthKey,
  type AgentRate,
  type MerchantRateLine,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  agentPolicies,
  agentPolicyRates,
  agents,
  merchantRates,
  merchants,
  policies,
  rateChanges,
  terminals as terminalsTable,
} from '../../db/schema';
import { orNull, select, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { loadProductPolicy, type ProductPolicy } from '../../db/policy-queries';
import { andInTree } from '../../db/tree';
import { pathInSubtree } from '../../db/subtree-scope';

const m = alias(merchants, 'm');
const a = alias(agents, 'a');
const t = alias(terminalsTable, 't');
const p = alias(policies, 'p');
const ap = alias(agentPolicies, 'ap');
const r = alias(agentPolicyRates, 'r');

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
  const found = await selectOne(
    db,
    {
      id: m.id,
      merchantNo: m.merchantNo,
      name: m.name,
      legalName: m.legalName,
      agentId: m.agentId,
      agentName: a.name,
      agentPath: m.agentPath,
      topId: m.topId,
    },
    sql`FROM merchants m JOIN agents a ON ${a.id} = ${m.agentId}${andInTree(sql`${a.topId}`, caller)}
        WHERE ${m.id} = ${merchantId}${andInTree(sql`${m.topId}`, caller)}`,
  );
  if (!found || !pathInSubtree(found.agentPath, caller)) throw notFound('商户不存在');
  return found;
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
  const terminals = await select(
    db,
    { id: t.id, sn: t.sn, policyId: t.policyId, policyName: orNull(p.name) },
    sql`FROM terminals t
        LEFT JOIN policies p ON ${p.id} = ${t.policyId}
        WHERE ${t.merchantId} = ${merchant.id}${tree(sql`${t.topId}`)} AND ${t.deletedAt} IS NULL
        ORDER BY ${t.boundAt} NULLS LAST, ${t.id}`,
  );
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
  const mr = merchantRates;
  const current = new Map(
    (
      await select(
        db,
        { rateType: mr.rateType, ratePpm: mr.ratePpm },
        sql`FROM ${mr} WHERE ${mr.merchantId} = ${merchant.id}${tree(sql`${mr.topId}`)}`,
      )
    ).map((row) => [row.rateType, row.ratePpm]),
  );
  const rc = rateChanges;
  const changes = await select(
    db,
    { id: rc.id, rateType: rc.rateType, status: rc.status, month: rc.month },
    sql`FROM ${rc} WHERE ${rc.merchantId} = ${merchant.id}${tree(sql`${rc.topId}`)}
          AND (${rc.status} IN (0, 1) OR ${rc.month} = ${shanghaiMonthKey(now)})`,
  );
  const month = shanghaiMonthKey(now);
  const changedThisMonth = new Set<number>();
  const pending = new Map<number, number>();
  for (const c of changes) {
    const { status, rateType } = c;
    if (status !== 3 && c.month === month) changedThisMonth.add(rateType);
    if (status === 0 || status === 1) pending.set(rateType, c.id);
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
  const found = await select(
    db,
    {
      id: ap.id,
      rateType: orNull(r.rateType),
      cost: orNull(r.cost),
      minRate: orNull(r.minRate),
      maxRate: orNull(r.maxRate),
    },
    sql`FROM agent_policies ap
        LEFT JOIN agent_policy_rates r ON ${r.agentPolicyId} = ${ap.id}
        WHERE ${ap.agentId} = ${agentId} AND ${ap.policyId} = ${policyId}${andInTree(sql`${ap.topId}`, caller)}
        ORDER BY ${ap.id}, ${r.rateType}`,
  );
  if (found.length === 0) return null;
  const first = found[0]!.id;
  const out = new Map<number, AgentRate>();
  for (const row of found) {
    if (row.id !== first || row.rateType === null) continue;
    const rateType = row.rateType as AgentRate['rateType'];
    // The rate's other columns are NOT NULL: present whenever its rate type is.
    out.set(rateType, {
      rateType,
      cost: Number(row.cost),
      minRate: Number(row.minRate),
      maxRate: Number(row.maxRate),
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
