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
  type ProductPolicyTerms,
  type UpdateProductPolicyRequest,
  type AdminRootDraft,
  type AgentPolicyTerms,
  type CreateProductPolicyRequest,
  type OpenPolicyResponse,
  type OpenRootPolicyRequest,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db, type DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';
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
} from '../policies/policy-queries';
import { audit } from './audit';
import { json } from '../../db/convert';

const iso = (v: unknown) => new Date(v as string).toISOString();
const num = (v: unknown) => Number(v);
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The product as operators see it (with the acquirer's cost). */
const OPERATOR_VIEW = { role: 'operator' } as Pick<Caller, 'role'> as Caller;

const POLICY_COLUMNS = sql`p.id, p.brand_id, b.name AS brand_name, p.name, p.version,
  p.activation_threshold_fen, p.activation_window_days, jsonb_array_length(p.standard_months) AS months,
  (SELECT count(*) FROM agent_policies ap WHERE ap.policy_id = p.id AND ap.parent_agent_id IS NULL)
    AS top_opened,
  p.created_at, p.updated_at`;

const mapPolicy = (r: Record<string, unknown>): AdminPolicy => ({
  id: num(r.id),
  brandId: num(r.brand_id),
  brandName: String(r.brand_name),
  name: String(r.name),
  version: num(r.version),
  activationThresholdFen: num(r.activation_threshold_fen),
  activationWindowDays: num(r.activation_window_days),
  standardMonthCount: num(r.months),
  topAgentsOpened: num(r.top_opened),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Every product policy, per brand. */
export function policyList(q: { brandId?: number; keyword?: string }): KeysetSpec<AdminPolicy> {
  const kw = q.keyword?.trim();
  return {
    select: POLICY_COLUMNS,
    from: sql`FROM policies p JOIN brands b ON b.id = p.brand_id`,
    where: [
      q.brandId !== undefined && sql`p.brand_id = ${q.brandId}`,
      kw ? sql`(p.name LIKE ${`%${kw}%`} OR b.name LIKE ${`%${kw}%`})` : undefined,
    ],
    sorts: { id: { expr: sql`p.id`, type: 'bigint' } },
    defaultSort: 'id',
    defaultOrder: 'asc',
    id: sql`p.id`,
    map: mapPolicy,
  };
}

export async function brandList(db: Db): Promise<{ id: number; name: string }[]> {
  const found = await rows<{ id: unknown; name: unknown }>(
    db,
    sql`SELECT id, name FROM brands ORDER BY id`,
  );
  return found.map((b) => ({ id: num(b.id), name: String(b.name) }));
}

async function loadProduct(db: DbOrTx, id: number, field = 'id'): Promise<ProductPolicy> {
  const product = await loadProductPolicy(db, id);
  if (!product)
    throw notFound(field === 'id' ? '政策不存在或尚未配置费率' : '所选政策不存在或尚未配置费率');
  return product;
}

export async function policyDetail(db: Db, id: number): Promise<AdminPolicyDetail> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${POLICY_COLUMNS} FROM policies p JOIN brands b ON b.id = p.brand_id WHERE p.id = ${id}`,
  );
  if (!row) throw notFound('政策不存在');
  const product = await loadProduct(db, id);
  const versions = await rows<Record<string, unknown>>(
    db,
    sql`SELECT version, name, terms, operator_name, created_at FROM policy_versions
         WHERE policy_id = ${id} ORDER BY version DESC`,
  );
  return {
    policy: mapPolicy(row),
    terms: productView(product, OPERATOR_VIEW),
    versions: versions.map((v): AdminPolicyVersion => ({
      version: num(v.version),
      name: String(v.name),
      terms: json<ProductPolicyTerms>(v.terms),
      operatorName: (v.operator_name as string | null) ?? null,
      createdAt: iso(v.created_at),
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
  return {
    select: sql`a.id AS agent_id, a.name, a.mobile, a.status, ap.id AS agent_policy_id, ap.version,
      ap.activation_reward_fen, ap.updated_at,
      (SELECT r.cost FROM agent_policy_rates r WHERE r.agent_policy_id = ap.id AND r.rate_type = 1)
        AS pos_cost`,
    from: sql`FROM agents a LEFT JOIN agent_policies ap
      ON ap.agent_id = a.id AND ap.policy_id = ${q.policyId}`,
    where: [
      sql`a.role = 'agent'`,
      sql`a.parent_id IS NULL`,
      kw ? sql`(a.mobile = ${kw} OR a.invite_code = ${kw} OR a.name LIKE ${`${kw}%`})` : undefined,
    ],
    sorts: { id: { expr: sql`a.id`, type: 'bigint' } },
    defaultSort: 'id',
    defaultOrder: 'asc',
    id: sql`a.id`,
    map: (r) => ({
      agentId: num(r.agent_id),
      name: String(r.name),
      mobile: String(r.mobile),
      status: num(r.status),
      agentPolicyId: numOrNull(r.agent_policy_id),
      version: numOrNull(r.version),
      posCost: numOrNull(r.pos_cost),
      activationRewardFen: numOrNull(r.activation_reward_fen),
      updatedAt: r.updated_at == null ? null : iso(r.updated_at),
    }),
  };
}

async function loadTopAgent(db: DbOrTx, id: number) {
  const [a] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id, name, mobile, parent_id FROM agents WHERE id = ${id} AND role = 'agent'`,
  );
  if (!a) throw notFound('代理不存在');
  if (a.parent_id !== null)
    throw badRequest('只能为一级代理开通根政策，下级代理由其上级开通', 'agentId');
  return { id: num(a.id), name: String(a.name), mobile: String(a.mobile) };
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
  const [p] = await rows<{ id: unknown }>(
    db,
    sql`SELECT id FROM agents WHERE role = 'operator' ORDER BY id LIMIT 1`,
  );
  if (!p) throw badRequest('平台账号不存在，请先初始化数据');
  return num(p.id);
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

/** From the platform down to the terminal's holder: each level's terms and what it keeps. */
export async function policyChain(db: Db, sn: string): Promise<AdminPolicyChain> {
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT t.sn, t.policy_id, t.holder_agent_id, b.name AS brand_name, m.name AS merchant_name,
               h.path AS holder_path, p.name AS policy_name
          FROM terminals t JOIN brands b ON b.id = t.brand_id
          LEFT JOIN agents h ON h.id = t.holder_agent_id
          LEFT JOIN merchants m ON m.id = t.merchant_id
          LEFT JOIN policies p ON p.id = t.policy_id
         WHERE t.sn = ${sn} AND t.deleted_at IS NULL`,
  );
  if (!t) throw notFound(`SN ${sn} 不存在`);
  const base = {
    sn: String(t.sn),
    brandName: String(t.brand_name),
    policyId: numOrNull(t.policy_id),
    policyName: t.policy_name == null ? null : String(t.policy_name),
    holderAgentId: numOrNull(t.holder_agent_id),
    merchantName: t.merchant_name == null ? null : String(t.merchant_name),
  };
  const product = base.policyId === null ? null : await loadProductPolicy(db, base.policyId);
  if (!product) return { ...base, levels: [], brokenAt: null };

  const ids = String(t.holder_path ?? '')
    .split('/')
    .filter(Boolean)
    .map(Number);
  const people = ids.length
    ? await rows<Record<string, unknown>>(
        db,
        sql`SELECT id, name, mobile FROM agents WHERE id = ANY(${sql.param(ids)}::bigint[])`,
      )
    : [];
  const byId = new Map(people.map((p) => [num(p.id), p]));
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
    const p = byId.get(id);
    const record = terms[i];
    if (!record && brokenAt === null) brokenAt = id;
    levels.push({
      agentId: id,
      name: String(p?.name ?? ''),
      mobile: String(p?.mobile ?? ''),
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
