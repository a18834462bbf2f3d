import {
  maskName,
  PLATFORM_PARTY_NAME,
  type AgentPolicyDetail,
  type AgentPolicyTerms,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agentPolicyVersions, agents } from '../../db/schema';
import { decode, orNull, select, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { loadAgentPolicyById, loadProductPolicy, productView } from '../../db/policy-queries';
import { pathInSubtree } from '../../db/subtree-scope';
import { shownMobile, shownName as personName } from '../../lib/people';

/** How many versions the detail lists, newest first. */
const VERSIONS_SHOWN = 20;

const a = alias(agents, 'a');
const o = alias(agents, 'o');
const v = alias(agentPolicyVersions, 'v');

/**
 * One opened policy in full (GET /api/agent-rate/info/{id}): the caller's own, or one of its
 * subtree's. Anything else answers exactly like a policy that does not exist.
 */
export async function getAgentPolicy(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<AgentPolicyDetail> {
  const { topId } = caller;
  const record = await loadAgentPolicyById(db, id, topId);
  if (!record || !pathInSubtree(record.agentPath, caller)) throw notFound();
  const product = await loadProductPolicy(db, record.policyId);
  if (!product) throw notFound();
  // An agent's reads stay in its tree (decision 020). The opener and the editors are agents of
  // the tree or the platform (an operator, of no tree): joined in the tree, a missing one is the
  // platform. An operator's statements stay as they were.
  // A party not joined (the platform's operator, outside the tree) reads as the platform.
  const info = await selectOne(
    db,
    {
      name: a.name,
      mobile: a.mobile,
      openedBy: orNull(o.id),
      openedByName: orNull(o.name),
      openedByRole: sql`coalesce(${o.role}, 'operator')`.mapWith(decode.text),
    },
    topId === null
      ? sql`FROM agents a JOIN agents o ON ${o.id} = ${record.openedBy} WHERE ${a.id} = ${record.agentId}`
      : sql`FROM agents a LEFT JOIN agents o ON ${o.id} = ${record.openedBy} AND ${o.topId} = ${topId}
           WHERE ${a.id} = ${record.agentId} AND ${a.topId} = ${topId}`,
  );
  const versions = await select(
    db,
    {
      version: v.version,
      terms: sql`${v.terms}`.mapWith(decode.json<AgentPolicyTerms>()),
      createdAt: v.createdAt,
      changedBy: orNull(a.id),
      changedByName: orNull(a.name),
      changedByRole: sql`coalesce(${a.role}, 'operator')`.mapWith(decode.text),
    },
    topId === null
      ? sql`FROM agent_policy_versions v JOIN agents a ON ${a.id} = ${v.changedBy}
            WHERE ${v.agentPolicyId} = ${id} ORDER BY ${v.version} DESC LIMIT ${VERSIONS_SHOWN}`
      : sql`FROM agent_policy_versions v
            JOIN agent_policies ap ON ap.id = ${v.agentPolicyId} AND ap.top_id = ${topId}
            LEFT JOIN agents a ON ${a.id} = ${v.changedBy} AND ${a.topId} = ${topId}
            WHERE ${v.agentPolicyId} = ${id} ORDER BY ${v.version} DESC LIMIT ${VERSIONS_SHOWN}`,
  );
  const isOwn = caller.role !== 'operator' && caller.agentId === record.agentId;
  // The platform by name, the caller itself in full, any other agent masked (docs/decisions/010);
  // operators see names in full.
  const shownName = (
    id: number | null,
    name: string | null,
    role: string | undefined,
    path?: string,
  ) => {
    if (role === 'operator') return PLATFORM_PARTY_NAME;
    if (caller.role === 'operator' || id === caller.agentId) return String(name);
    if (path !== undefined) return personName(caller, { id, path }, String(name));
    return maskName(String(name));
  };
  return {
    id: record.id,
    policyId: product.id,
    policyName: product.name,
    brandId: product.brandId,
    brandName: product.brandName,
    version: record.version,
    activationRewardFen: record.terms.activationRewardFen,
    serviceFeeOptionsFen: product.serviceFeeOptionsFen,
    commFeeOptionsFen: product.commFeeOptionsFen,
    updatedAt: record.updatedAt.toISOString(),
    agentId: record.agentId,
    // The holder is the caller or a member of its team (checked above): by name, and a direct
    // sub-agent's mobile in full (decision 010).
    agentName: shownName(record.agentId, info?.name ?? '', 'agent', record.agentPath),
    agentMobile: shownMobile(
      caller,
      { id: record.agentId, path: record.agentPath },
      info?.mobile ?? '',
    ),
    isOwn,
    canEdit:
      caller.role === 'operator'
        ? record.parentAgentId === null
        : record.parentAgentId === caller.agentId,
    openedByName: shownName(info?.openedBy ?? null, info?.openedByName ?? null, info?.openedByRole),
    createdAt: record.createdAt.toISOString(),
    product: productView(product, caller),
    terms: record.terms,
    versions: versions.map((row) => ({
      version: row.version,
      changedByName: shownName(row.changedBy, row.changedByName, row.changedByRole),
      createdAt: row.createdAt.toISOString(),
      terms: row.terms,
    })),
  };
}
