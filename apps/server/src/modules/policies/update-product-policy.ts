import {
  checkOpenTerms,
  checkProductPolicy,
  rateTypeOptions,
  type ProductPolicyTerms,
  type UpdateProductPolicyRequest,
} from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agentPolicies, agentPolicyRates, agents, productPolicies } from '../../db/schema';
import { decode, select } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import { loadProductPolicy, loadRootPolicies, type ProductPolicy } from '../../db/policy-queries';

const sameList = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((v, i) => v === b[i]);
const sorted = (a: readonly number[]) => [...a].sort((x, y) => x - y);
const rateName = (t: number) => rateTypeOptions.find((o) => o.value === t)?.zh ?? String(t);

export const termsOf = (p: ProductPolicy): ProductPolicyTerms => ({
  rates: p.rates,
  activationThresholdFen: p.activationThresholdFen,
  activationWindowDays: p.activationWindowDays,
  standardMonths: p.standardMonths,
  serviceFeeOptionsFen: p.serviceFeeOptionsFen,
  commFeeOptionsFen: p.commFeeOptionsFen,
});

/**
 * A product policy edited into a new version. The shape stays (rate types, standard months, fee
 * options: agents' terms are keyed by them, so a different shape is a new policy); what changes
 * must keep every tree under it valid: each top-level agent's root policy must still pass the
 * opening rules against the new terms (which bounds every agent below, since each lies within its
 * parent), and no agent's cost may exceed a lowered standard rate. The version replaced and the
 * new one are both kept; settlement reads the current terms from the moment this commits.
 * Call inside a transaction.
 */
export async function updateProductPolicy(
  tx: DbOrTx,
  input: UpdateProductPolicyRequest,
  actor: { operatorId: number; name: string },
  now: Date = new Date(),
): Promise<{ id: number; version: number; before: ProductPolicy }> {
  const [locked] = await tx
    .select({ id: productPolicies.id })
    .from(productPolicies)
    .where(eq(productPolicies.id, input.id))
    .for('update');
  if (!locked) throw notFound('政策不存在');
  const current = await loadProductPolicy(tx, input.id);
  if (!current) throw notFound('政策不存在或尚未配置费率');
  const { id: _id, name, ...next } = input;
  const first = checkProductPolicy(next)[0];
  if (first) throw badRequest(first.message, first.field);

  if (
    !sameList(
      sorted(next.rates.map((r) => r.rateType)),
      sorted(current.rates.map((r) => r.rateType)),
    )
  )
    throw badRequest('费率类型不能增删，需要不同的费率类型请新建政策', 'rates');
  if (
    !sameList(
      next.standardMonths.map((m) => m.month),
      current.standardMonths.map((m) => m.month),
    )
  )
    throw badRequest('达标月份不能增删，可修改各月的达标交易额', 'standardMonths');
  if (!sameList(next.serviceFeeOptionsFen, current.serviceFeeOptionsFen))
    throw badRequest('服务费档位不能修改，需要不同档位请新建政策', 'serviceFeeOptionsFen');
  if (!sameList(next.commFeeOptionsFen, current.commFeeOptionsFen))
    throw badRequest('流量费档位不能修改，需要不同档位请新建政策', 'commFeeOptionsFen');

  for (const root of await loadRootPolicies(tx, input.id, { forUpdate: true })) {
    const broken = checkOpenTerms({
      product: next,
      parent: null,
      previous: null,
      next: root.terms,
    })[0];
    if (broken) {
      const [agent] = await tx
        .select({ name: agents.name })
        .from(agents)
        .where(eq(agents.id, root.agentId));
      throw badRequest(
        `顶级代理 ${agent?.name ?? root.agentId} 的政策将不再符合：${broken.message}`,
        broken.field.startsWith('rates') ? 'rates' : broken.field,
      );
    }
  }
  for (const [i, rate] of next.rates.entries()) {
    const [over] = await select(
      tx,
      { name: agents.name },
      sql`FROM ${agentPolicyRates}
            JOIN ${agentPolicies} ON ${agentPolicies.id} = ${agentPolicyRates.agentPolicyId}
            JOIN ${agents} ON ${agents.id} = ${agentPolicies.agentId}
           WHERE ${agentPolicies.policyId} = ${input.id} AND ${agentPolicyRates.rateType} = ${rate.rateType}
             AND ${agentPolicyRates.cost} > ${rate.standardRate}
           LIMIT 1`,
    );
    if (over)
      throw badRequest(
        `代理 ${over.name} 的${rateName(rate.rateType)}成本高于新的标准费率`,
        `rates.${i}.standardRate`,
      );
  }

  // policy_versions is not declared in the schema yet (decision 040): the one value read is 1.
  const [kept] = await select(
    tx,
    { kept: sql`1`.mapWith(decode.number) },
    sql`FROM policy_versions WHERE policy_id = ${input.id} AND version = ${current.version}`,
  );
  if (!kept) {
    await tx.execute(
      sql`INSERT INTO policy_versions (policy_id, version, name, terms, created_at)
          SELECT id, version, name, ${JSON.stringify(termsOf(current))}::jsonb, updated_at
            FROM policies WHERE id = ${input.id}`,
    );
  }
  const version = current.version + 1;
  await tx.execute(
    sql`UPDATE policies SET name = ${name}, activation_threshold_fen = ${next.activationThresholdFen},
          activation_window_days = ${next.activationWindowDays},
          standard_months = ${JSON.stringify(next.standardMonths)}::jsonb,
          version = ${version}, updated_at = ${now}
        WHERE id = ${input.id}`,
  );
  for (const r of next.rates) {
    await tx.execute(
      sql`UPDATE policy_rates SET standard_rate = ${r.standardRate}, min_rate = ${r.minRate},
            max_rate = ${r.maxRate}, acquirer_cost = ${r.acquirerCost}
          WHERE policy_id = ${input.id} AND rate_type = ${r.rateType}`,
    );
  }
  await tx.execute(
    sql`INSERT INTO policy_versions (policy_id, version, name, terms, operator_id, operator_name, created_at)
        VALUES (${input.id}, ${version}, ${name}, ${JSON.stringify(next)}::jsonb, ${actor.operatorId},
                ${actor.name}, ${now})`,
  );
  return { id: input.id, version, before: current };
}
