import { FULL_PASS_PPM, maskName, maskPhone, type PriceShareItem } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agentPolicies, agents, policies, priceShareHistory, priceShares } from '../../db/schema';
import { andInTree } from '../../db/tree';
import { orNull, select, type RowOf } from '../../db/typed';
import type { Caller } from '../../plugins/auth';

const ap = alias(agentPolicies, 'ap');
const a = alias(agents, 'a');
const p = alias(policies, 'p');
const ps = alias(priceShares, 'ps');

/**
 * Rows of "what a parent passes to each direct child": one per policy the child holds (a child
 * without the policy has no adjustment income under it), with the default, pass everything, for
 * pairs the parent never set (no price_shares row: its columns read as null).
 */
export const PRICE_SHARE = {
  apId: ap.id,
  childId: ap.agentId,
  childName: a.name,
  childMobile: a.mobile,
  policyId: ap.policyId,
  policyName: p.name,
  passPpm: orNull(ps.passPpm),
  updatedAt: orNull(ps.updatedAt),
};

/**
 * The FROM of PRICE_SHARE, every row read in the caller's tree (top_id, decision 020): the
 * caller adds ap's to its WHERE clause (`andInTree('ap.top_id', caller)`).
 */
export const priceShareFrom = (caller: Pick<Caller, 'topId'>): SQL =>
  sql`FROM agent_policies ap
  JOIN agents a ON ${a.id} = ${ap.agentId}${andInTree(sql`${a.topId}`, caller)}
  JOIN policies p ON ${p.id} = ${ap.policyId}
  LEFT JOIN price_shares ps ON ${ps.childId} = ${ap.agentId} AND ${ps.policyId} = ${ap.policyId}${andInTree(sql`${ps.topId}`, caller)}`;

export function toPriceShareItem(r: RowOf<typeof PRICE_SHARE>): PriceShareItem & { id: number } {
  return {
    id: r.apId,
    childId: r.childId,
    childName: maskName(r.childName),
    childMobile: maskPhone(r.childMobile),
    policyId: r.policyId,
    policyName: r.policyName,
    passPpm: r.passPpm ?? FULL_PASS_PPM,
    isDefault: r.passPpm === null,
    updatedAt: r.updatedAt?.toISOString() ?? null,
  };
}

const h = alias(priceShareHistory, 'h');
const changer = alias(agents, 'changer');
const child = alias(agents, 'ch');
const HISTORY = {
  passPpm: h.passPpm,
  previousPassPpm: h.previousPassPpm,
  createdAt: h.createdAt,
  changedBy: h.changedBy,
  changedByName: changer.name,
};

/**
 * The history of one child's pass-down share under one policy, newest first. Who changed it is
 * shown in full when that was the caller, masked otherwise. In the caller's tree (decision 020):
 * the history through its child's row there, and who changed it (the child's parent) there.
 */
export async function priceShareHistoryOf(
  db: DbOrTx,
  childId: number,
  policyId: number,
  caller: Pick<Caller, 'agentId' | 'topId'>,
) {
  const callerId = caller.agentId;
  const found = await select(
    db,
    HISTORY,
    caller.topId === null
      ? sql`FROM price_share_history h JOIN agents changer ON ${changer.id} = ${h.changedBy}
            WHERE ${h.childId} = ${childId} AND ${h.policyId} = ${policyId}
            ORDER BY ${h.id} DESC LIMIT 50`
      : sql`FROM price_share_history h
            JOIN agents ch ON ${child.id} = ${h.childId} AND ${child.topId} = ${caller.topId}
            JOIN agents changer ON ${changer.id} = ${h.changedBy} AND ${changer.topId} = ${caller.topId}
            WHERE ${h.childId} = ${childId} AND ${h.policyId} = ${policyId}
            ORDER BY ${h.id} DESC LIMIT 50`,
  );
  return found.map((r) => ({
    passPpm: r.passPpm,
    previousPassPpm: r.previousPassPpm,
    changedByName: r.changedBy === callerId ? r.changedByName : maskName(r.changedByName),
    createdAt: r.createdAt.toISOString(),
  }));
}

/** Drops the paging key before the row leaves the server. */
export const withoutId = <T extends { id: number }>({ id: _id, ...rest }: T): Omit<T, 'id'> => rest;
