import {
  CHILD_DEFAULT_CAP_STEP_FEN,
  CHILD_DEFAULT_RATE_STEP_PPM,
  directMarginPer10kFen,
  isCapRateType,
  shareFen,
  SIMULATOR_VOLUME_FEN,
  type AdminPolicy,
  type AdminPolicyChain,
  type AdminPolicyDetail,
  type AdminPolicyTopAgent,
  type AdminPolicyVersion,
  type UpdateProductPolicyRequest,
  type AdminRootDraft,
  type AgentPolicyTerms,
  type CreateProductPolicyRequest,
  type OpenPolicyResponse,
  type OpenRootPolicyRequest,
} from '@pos/core';
import { and, asc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  agentPolicies,
  agentPolicyRates,
  agents,
  brands,
  merchants,
  policies,
  policyVersions,
  productPolicies,
  terminals,
} from '../../db/schema';
import { decode, orNull, select, selectOne, type RowOf } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import type { Caller } from '../../plugins/auth';
import { createProductPolicy } from '../policies/create-product-policy';
import { openRootPolicy } from '../policies/open-root-policy';
import { termsOf, updateProductPolicy } from '../policies/update-product-policy';
import {
  loadAgentPolicy,
  loadProductPolicy,
  productView,
  type ProductPolicy,
} from '../../db/policy-queries';
import { audit } from '../../db/audit';

/** The product as operators see it (with the acquirer's cost). */
const OPERATOR_VIEW = { role: 'operator' } as Pick<Caller, 'role'> as Caller;

const p = alias(productPolicies, 'p');
const b = alias(brands, 'b');
const ap = alias(agentPolicies, 'ap');
const r = alias(agentPolicyRates, 'r');
const a = alias(agents, 'a');

const POLICY = {
  id: p.id,
  brandId: p.brandId,
  brandName: b.name,
  name: p.name,
  version: p.version,
  activationThresholdFen: p.activationThresholdFen,
  activationWindowDays: p.activationWindowDays,
  standardMonthCount: sql`jsonb_array_length(${p.standardMonths})`.mapWith(decode.number),
  topAgentsOpened: sql`(SELECT count(*) FROM agent_policies ap
      WHERE ${ap.policyId} = ${p.id} AND ${ap.parentAgentId} IS NULL)`.mapWith(decode.number),
  createdAt: p.createdAt,
  updatedAt: p.updatedAt,
};

const mapPolicy = (row: RowOf<typeof POLICY>): AdminPolicy => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** Every product policy, per brand. */
export function policyList(q: { brandId?: number; keyword?: string }): KeysetSpec<AdminPolicy> {
  const kw = q.keyword?.trim();
  return typedKeyset({
    shape: POLICY,
    from: sql`FROM policies p JOIN brands b ON ${b.id} = ${p.brandId}`,
    where: [
      q.brandId !== undefined && sql`p.brand_id = ${q.brandId}`,
      kw ? sql`(p.name LIKE ${`%${kw}%`} OR b.name LIKE ${`%${kw}%`})` : undefined,
    ],
    sorts: { id: { expr: sql`p.id`, type: 'bigint' } },
    defaultSort: 'id',
    defaultOrder: 'asc',
    id: sql`p.id`,
    map: mapPolicy,
  });
}

export async function brandList(db: Db): Promise<{ id: number; name: string }[]> {
  return db.select({ id: brands.id, name: brands.name }).from(brands).orderBy(brands.id);
}

async function loadProduct(db: DbOrTx, id: number, field = 'id'): Promise<ProductPolicy> {
  const product = await loadProductPolicy(db, id);
  if (!product)
    throw notFound(field === 'id' ? '政策不存在或尚未配置费率' : '所选政策不存在或尚未配置费率');
  return product;
}

export async function policyDetail(db: Db, id: number): Promise<AdminPolicyDetail> {
  const row = await selectOne(
    db,
    POLICY,
    sql`FROM policies p JOIN brands b ON ${b.id} = ${p.brandId} WHERE ${p.id} = ${id}`,
  );
  if (!row) throw notFound('政策不存在');
  const product = await loadProduct(db, id);
  const versions = await db
    .select({
      version: policyVersions.version,
      name: policyVersions.name,
      terms: policyVersions.terms,
      operatorName: policyVersions.operatorName,
      createdAt: policyVersions.createdAt,
    })
    .from(policyVersions)
    .where(eq(policyVersions.policyId, id))
    .orderBy(sql`${policyVersions.version} DESC`);
  return {
    policy: mapPolicy(row),
    terms: productView(product, OPERATOR_VIEW),
    versions: versions.map((v): AdminPolicyVersion => ({
      ...v,
      createdAt: v.createdAt.toISOString(),
    })),
  };
}

/** A product policy edited into a new version, audited with the terms it replaced. */
export async function updatePolicy(db: Db, op: OperatorCaller, input: UpdateProductPolicyRequest) {
  return db.transaction(async (tx) => {
    const { before, ...result } = await updateProductPolicy(tx, input, op);
    await audit(tx, op, {
      action: 'policy.update',
      targetType: 'policy',
      targetId: input.id,
      before: { version: before.version, name: before.name, terms: termsOf(before) },
      after: { version: result.version, ...input },
    });
    return result;
  });
}

/** A new product policy for a brand, audited. */
export async function createPolicy(db: Db, op: OperatorCaller, input: CreateProductPolicyRequest) {
  // The change and its audit record commit together (the inner transaction is a savepoint).
  return db.transaction(async (tx) => {
    const created = await createProductPolicy(tx as unknown as Db, input);
    await audit(tx, op, {
      action: 'policy.create',
      targetType: 'policy',
      targetId: created.id,
      after: input,
    });
    return created;
  });
}

/** The top-level agents with their root policy under one product policy, opened ones first. */
export function policyTopAgents(q: {
  policyId: number;
  keyword?: string;
}): KeysetSpec<AdminPolicyTopAgent> {
  const kw = q.keyword?.trim();
  return typedKeyset({
    shape: {
      agentId: a.id,
      name: a.name,
      mobile: a.mobile,
      status: a.status,
      agentPolicyId: orNull(ap.id),
      version: orNull(ap.version),
      posCost: sql`(SELECT ${r.cost} FROM agent_policy_rates r
          WHERE ${r.agentPolicyId} = ${ap.id} AND ${r.rateType} = 1)`.mapWith(decode.numberOrNull),
      activationRewardFen: orNull(ap.activationRewardFen),
      updatedAt: orNull(ap.updatedAt),
    },
    from: sql`FROM agents a LEFT JOIN agent_policies ap
      ON ${ap.agentId} = ${a.id} AND ${ap.policyId} = ${q.policyId}`,
    where: [
      sql`a.role = 'agent'`,
      sql`a.parent_id IS NULL`,
      kw ? sql`(a.mobile = ${kw} OR a.invite_code = ${kw} OR a.name LIKE ${`${kw}%`})` : undefined,
    ],
    sorts: { id: { expr: sql`a.id`, type: 'bigint' } },
    defaultSort: 'id',
    defaultOrder: 'asc',
    id: sql`a.id`,
    map: (row) => ({ ...row, updatedAt: row.updatedAt?.toISOString() ?? null }),
  });
}

async function loadTopAgent(db: DbOrTx, id: number) {
  const [found] = await db
    .select({ id: agents.id, name: agents.name, mobile: agents.mobile, parentId: agents.parentId })
    .from(agents)
    .where(and(eq(agents.id, id), eq(agents.role, 'agent')));
  if (!found) throw notFound('代理不存在');
  if (found.parentId !== null)
    throw badRequest('只能为一级代理开通根政策，下级代理由其上级开通', 'agentId');
  return { id: found.id, name: found.name, mobile: found.mobile };
}

/**
 * A first root opening starts from the product's range with costs a step above the acquirer's
 * (so the platform keeps a margin unless the operator decides otherwise) and no rewards yet.
 */
export function defaultRootTerms(product: ProductPolicy): AgentPolicyTerms {
  return {
    rates: product.rates.map((r) => {
      const step = isCapRateType(r.rateType)
        ? CHILD_DEFAULT_CAP_STEP_FEN
        : CHILD_DEFAULT_RATE_STEP_PPM;
      return {
        rateType: r.rateType,
        cost: Math.min(r.acquirerCost + step, r.standardRate),
        minRate: r.minRate,
        maxRate: r.maxRate,
      };
    }),
    activationRewardFen: 0,
    standardRewardsFen: product.standardMonths.map(() => 0),
    serviceFeeShares: product.serviceFeeOptionsFen.map((optionFen) => ({ optionFen, shareFen: 0 })),
    commFeeShares: product.commFeeOptionsFen.map((optionFen) => ({ optionFen, shareFen: 0 })),
  };
}

export async function rootDraft(
  db: Db,
  q: { agentId: number; policyId: number },
): Promise<AdminRootDraft> {
  const agent = await loadTopAgent(db, q.agentId);
  const product = await loadProduct(db, q.policyId, 'policyId');
  const current = await loadAgentPolicy(db, agent.id, product.id);
  return {
    agent,
    policyId: product.id,
    policyName: product.name,
    brandName: product.brandName,
    product: productView(product, OPERATOR_VIEW),
    terms: current?.terms ?? defaultRootTerms(product),
    opened: current !== null,
    version: current?.version ?? null,
  };
}

/** The platform's own agent row, which stands as the opener of every root policy. */
async function platformAgentId(db: DbOrTx): Promise<number> {
  const [platform] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.role, 'operator'))
    .orderBy(asc(agents.id))
    .limit(1);
  if (!platform) throw badRequest('平台账号不存在，请先初始化数据');
  return platform.id;
}

/** Opens (or edits) a top-level agent's root policy as the platform, audited with both terms. */
export async function openTop(
  db: Db,
  op: OperatorCaller,
  input: OpenRootPolicyRequest,
): Promise<OpenPolicyResponse> {
  await loadTopAgent(db, input.agentId);
  const platform = await platformAgentId(db);
  const caller = { role: 'operator', agentId: platform } as Caller;
  return db.transaction(async (tx) => {
    const before = await loadAgentPolicy(tx, input.agentId, input.policyId);
    const result = await openRootPolicy(tx as unknown as Db, caller, input);
    await audit(tx, op, {
      action: result.created ? 'policy.open_top' : 'policy.edit_top',
      targetType: 'agent_policy',
      targetId: result.id,
      before: before ? { version: before.version, terms: before.terms } : null,
      after: { agentId: input.agentId, policyId: input.policyId, terms: input.terms },
    });
    return result;
  });
}

const ct = alias(terminals, 't');
const cb = alias(brands, 'b');
const ch = alias(agents, 'h');
const cm = alias(merchants, 'm');
const cp = alias(policies, 'p');

/** From the platform down to the terminal's holder: each level's terms and what it keeps. */
export async function policyChain(db: Db, sn: string): Promise<AdminPolicyChain> {
  const t = await selectOne(
    db,
    {
      sn: ct.sn,
      brandName: cb.name,
      policyId: ct.policyId,
      policyName: orNull(cp.name),
      holderAgentId: ct.holderAgentId,
      merchantName: orNull(cm.name),
      holderPath: orNull(ch.path),
    },
    sql`FROM terminals t JOIN brands b ON ${cb.id} = ${ct.brandId}
          LEFT JOIN agents h ON ${ch.id} = ${ct.holderAgentId}
          LEFT JOIN merchants m ON ${cm.id} = ${ct.merchantId}
          LEFT JOIN policies p ON ${cp.id} = ${ct.policyId}
         WHERE ${ct.sn} = ${sn} AND ${ct.deletedAt} IS NULL`,
  );
  if (!t) throw notFound(`SN ${sn} 不存在`);
  const { holderPath, ...base } = t;
  const product = base.policyId === null ? null : await loadProductPolicy(db, base.policyId);
  if (!product) return { ...base, levels: [], brokenAt: null };

  const ids = (holderPath ?? '').split('/').filter(Boolean).map(Number);
  const people = ids.length
    ? await select(
        db,
        { id: agents.id, name: agents.name, mobile: agents.mobile },
        sql`FROM agents WHERE ${agents.id} = ANY(${sql.param(ids)}::bigint[])`,
      )
    : [];
  const byId = new Map(people.map((person) => [person.id, person]));
  const terms = await Promise.all(ids.map((id) => loadAgentPolicy(db, id, product.id)));

  // The platform's "cost" is the acquirer's; its reward is what it pays out (nothing of its own).
  const platformRates = product.rates.map((r) => ({ rateType: r.rateType, cost: r.acquirerCost }));
  const levels: AdminPolicyChain['levels'] = [
    {
      agentId: null,
      name: '平台',
      mobile: '',
      agentPolicyId: null,
      version: product.version,
      rates: platformRates,
      activationRewardFen: null,
      keeps: [],
      activationKeepsFen: null,
    },
  ];
  let brokenAt: number | null = null;
  ids.forEach((id, i) => {
    const person = byId.get(id);
    const record = terms[i];
    if (!record && brokenAt === null) brokenAt = id;
    levels.push({
      agentId: id,
      name: person?.name ?? '',
      mobile: person?.mobile ?? '',
      agentPolicyId: record?.id ?? null,
      version: record?.version ?? null,
      rates: record ? record.terms.rates.map((r) => ({ rateType: r.rateType, cost: r.cost })) : [],
      activationRewardFen: record?.terms.activationRewardFen ?? null,
      keeps: [],
      activationKeepsFen: null,
    });
  });
  if (brokenAt !== null) return { ...base, levels, brokenAt };

  // Each level keeps the difference between the next level's cost and its own; the holder keeps
  // the standard rate over its cost. Rewards: each level keeps what it gets minus what it passes.
  const standard = new Map(product.rates.map((r) => [r.rateType, r.standardRate]));
  levels.forEach((level, i) => {
    const next = levels[i + 1];
    level.keeps = level.rates.map((r) => {
      const nextCost = next?.rates.find((x) => x.rateType === r.rateType)?.cost;
      const fen =
        nextCost === undefined
          ? directMarginPer10kFen(r.rateType, standard.get(r.rateType) ?? r.cost, r.cost)
          : isCapRateType(r.rateType)
            ? nextCost - r.cost
            : shareFen(SIMULATOR_VOLUME_FEN, nextCost - r.cost);
      return { rateType: r.rateType, fen };
    });
    const own = level.activationRewardFen ?? 0;
    level.activationKeepsFen = own - (next?.activationRewardFen ?? 0);
  });
  return { ...base, levels, brokenAt: null };
}
