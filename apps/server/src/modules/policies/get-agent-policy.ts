import { maskName, type AgentPolicyDetail, type AgentPolicyTerms } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { loadAgentPolicyById, loadProductPolicy, productView } from './policy-queries';
import { iso, json, num, pathInSubtree, PLATFORM_NAME } from './scope';
import { shownMobile, shownName as personName } from '../../lib/people';

/** How many versions the detail lists, newest first. */
const VERSIONS_SHOWN = 20;

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
  const [info] = await rows<Record<string, unknown>>(
    db,
    topId === null
      ? sql`SELECT a.name, a.mobile, o.id AS opened_by, o.name AS opened_by_name, o.role AS opened_by_role
            FROM agents a JOIN agents o ON o.id = ${record.openedBy} WHERE a.id = ${record.agentId}`
      : sql`SELECT a.name, a.mobile, o.id AS opened_by, o.name AS opened_by_name,
              coalesce(o.role, 'operator') AS opened_by_role
            FROM agents a LEFT JOIN agents o ON o.id = ${record.openedBy} AND o.top_id = ${topId}
           WHERE a.id = ${record.agentId} AND a.top_id = ${topId}`,
  );
  const versions = await rows<Record<string, unknown>>(
    db,
    topId === null
      ? sql`SELECT v.version, v.terms, v.created_at, a.id AS changed_by, a.name AS changed_by_name,
              a.role AS changed_by_role
            FROM agent_policy_versions v JOIN agents a ON a.id = v.changed_by
            WHERE v.agent_policy_id = ${id} ORDER BY v.version DESC LIMIT ${VERSIONS_SHOWN}`
      : sql`SELECT v.version, v.terms, v.created_at, a.id AS changed_by, a.name AS changed_by_name,
              coalesce(a.role, 'operator') AS changed_by_role
            FROM agent_policy_versions v
            JOIN agent_policies ap ON ap.id = v.agent_policy_id AND ap.top_id = ${topId}
            LEFT JOIN agents a ON a.id = v.changed_by AND a.top_id = ${topId}
            WHERE v.agent_policy_id = ${id} ORDER BY v.version DESC LIMIT ${VERSIONS_SHOWN}`,
  );
  const isOwn = caller.role !== 'operator' && caller.agentId === record.agentId;
  // The platform by name, the caller itself in full, any other agent masked (docs/decisions/010);
  // operators see names in full.
  const shownName = (id: unknown, name: unknown, role: unknown, path?: string) => {
    if (role === 'operator') return PLATFORM_NAME;
    if (caller.role === 'operator' || num(id) === caller.agentId) return String(name);
    if (path !== undefined) return personName(caller, { id: num(id), path }, String(name));
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
    updatedAt: iso(record.updatedAt),
    agentId: record.agentId,
    // The holder is the caller or a member of its team (checked above): by name, and a direct
    // sub-agent's mobile in full (decision 010).
    agentName: shownName(record.agentId, info?.name ?? '', 'agent', record.agentPath),
    agentMobile: shownMobile(
      caller,
      { id: record.agentId, path: record.agentPath },
      String(info?.mobile ?? ''),
    ),
    isOwn,
    canEdit:
      caller.role === 'operator'
        ? record.parentAgentId === null
        : record.parentAgentId === caller.agentId,
    openedByName: shownName(info?.opened_by, info?.opened_by_name, info?.opened_by_role),
    createdAt: iso(record.createdAt),
    product: productView(product, caller),
    terms: record.terms,
    versions: versions.map((v) => ({
      version: num(v.version),
      changedByName: shownName(v.changed_by, v.changed_by_name, v.changed_by_role),
      createdAt: iso(v.created_at),
      terms: json<AgentPolicyTerms>(v.terms),
    })),
  };
}
