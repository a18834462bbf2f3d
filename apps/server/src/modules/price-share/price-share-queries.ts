import { FULL_PASS_PPM, maskName, maskPhone, type PriceShareItem } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { isoOrEpoch, isoOrNull, num } from '../../db/convert';

/**
 * Rows of "what a parent passes to each direct child": one per policy the child holds (a child
 * without the policy has no adjustment income under it), with the default, pass everything, for
 * pairs the parent never set. Every row is read in the caller's tree (top_id, decision 020): the
 * caller adds ap's to its WHERE clause (`andInTree('ap.top_id', caller)`).
 */
export const priceShareSelect = (
  caller: Pick<Caller, 'topId'>,
) => sql`SELECT ap.id AS ap_id, ap.agent_id AS child_id, a.name AS child_name, a.mobile AS child_mobile,
    ap.policy_id, p.name AS policy_name, ps.pass_ppm, ps.updated_at
  FROM agent_policies ap
  JOIN agents a ON a.id = ap.agent_id${andInTree('a.top_id', caller)}
  JOIN policies p ON p.id = ap.policy_id
  LEFT JOIN price_shares ps ON ps.child_id = ap.agent_id AND ps.policy_id = ap.policy_id${andInTree('ps.top_id', caller)}`;

export function toPriceShareItem(r: Record<string, unknown>): PriceShareItem & { id: number } {
  const set = r.pass_ppm !== null && r.pass_ppm !== undefined;
  return {
    id: num(r.ap_id),
    childId: num(r.child_id),
    childName: maskName(String(r.child_name)),
    childMobile: maskPhone(String(r.child_mobile)),
    policyId: num(r.policy_id),
    policyName: String(r.policy_name),
    passPpm: set ? num(r.pass_ppm) : FULL_PASS_PPM,
    isDefault: !set,
    updatedAt: isoOrNull(r.updated_at),
  };
}

/**
 * The history of one child's pass-down share under one policy, newest first. Who changed it is
 * shown in full when that was the caller, masked otherwise. In the caller's tree (decision 020):
 * the history through its child's row there, and who changed it (the child's parent) there.
 */
export async function priceShareHistory(
  db: DbOrTx,
  childId: number,
  policyId: number,
  caller: Pick<Caller, 'agentId' | 'topId'>,
) {
  const callerId = caller.agentId;
  const found = await rows<Record<string, unknown>>(
    db,
    caller.topId === null
      ? sql`SELECT h.pass_ppm, h.previous_pass_ppm, h.created_at, h.changed_by, a.name AS changed_by_name
            FROM price_share_history h JOIN agents a ON a.id = h.changed_by
            WHERE h.child_id = ${childId} AND h.policy_id = ${policyId}
            ORDER BY h.id DESC LIMIT 50`
      : sql`SELECT h.pass_ppm, h.previous_pass_ppm, h.created_at, h.changed_by, a.name AS changed_by_name
            FROM price_share_history h
            JOIN agents ch ON ch.id = h.child_id AND ch.top_id = ${caller.topId}
            JOIN agents a ON a.id = h.changed_by AND a.top_id = ${caller.topId}
            WHERE h.child_id = ${childId} AND h.policy_id = ${policyId}
            ORDER BY h.id DESC LIMIT 50`,
  );
  return found.map((h) => ({
    passPpm: num(h.pass_ppm),
    previousPassPpm: num(h.previous_pass_ppm),
    changedByName:
      num(h.changed_by) === callerId
        ? String(h.changed_by_name)
        : maskName(String(h.changed_by_name)),
    createdAt: isoOrEpoch(h.created_at),
  }));
}

/** Drops the paging key before the row leaves the server. */
export const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T): Omit<T, 'id'> => rest;
