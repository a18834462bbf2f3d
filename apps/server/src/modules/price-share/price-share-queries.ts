import { FULL_PASS_PPM, maskName, maskPhone, type PriceShareItem } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { isoOrNull, iso, num } from '../policies/scope';

/**
 * Rows of "what a parent passes to each direct child": one per policy the child holds (a child
 * without the policy has no adjustment income under it), with the default, pass everything, for
 * pairs the parent never set.
 */
export const PRICE_SHARE_SELECT = sql`SELECT ap.id AS ap_id, ap.agent_id AS child_id, a.name AS child_name, a.mobile AS child_mobile,
    ap.policy_id, p.name AS policy_name, ps.pass_ppm, ps.updated_at
  FROM agent_policies ap
  JOIN agents a ON a.id = ap.agent_id
  JOIN policies p ON p.id = ap.policy_id
  LEFT JOIN price_shares ps ON ps.child_id = ap.agent_id AND ps.policy_id = ap.policy_id`;

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
 * shown in full when that was the caller, masked otherwise.
 */
export async function priceShareHistory(
  db: DbOrTx,
  childId: number,
  policyId: number,
  callerId: number,
) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT h.pass_ppm, h.previous_pass_ppm, h.created_at, h.changed_by, a.name AS changed_by_name
        FROM price_share_history h JOIN agents a ON a.id = h.changed_by
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
    createdAt: iso(h.created_at),
  }));
}

/** Drops the paging key before the row leaves the server. */
export const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T): Omit<T, 'id'> => rest;
