import { maskName, type TeamCrumb } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { type ScopedAgent } from './scope';

/** Other agents' names leave masked (spec section 5); the caller's own name is its own. */
export const displayName = (caller: Caller, agent: { id: number; name: string }) =>
  agent.id === caller.agentId ? agent.name : maskName(agent.name);

/** Ids on a materialised path, top first: '/1/7/42/' -> [1, 7, 42]. */
export const pathIds = (path: string) => path.split('/').filter(Boolean).map(Number);

/**
 * The way from the caller down to `agent`: the ids on the agent's path from the caller's own id
 * on (all of them for an operator), so the way never climbs above the caller.
 */
export async function loadCrumbs(
  db: DbOrTx,
  caller: Caller,
  agent: ScopedAgent,
): Promise<TeamCrumb[]> {
  const ids = pathIds(agent.path);
  const from = caller.role === 'operator' ? 0 : ids.indexOf(caller.agentId);
  const wanted = ids.slice(Math.max(0, from));
  if (wanted.length === 0) return [];
  const found = await rows<{ id: string | number; name: string }>(
    db,
    sql`SELECT id, name FROM agents WHERE id IN (${sql.join(
      wanted.map((id) => sql`${id}`),
      sql`, `,
    )})${andInTree('top_id', caller)}`,
  );
  const byId = new Map(found.map((r) => [Number(r.id), r.name]));
  return wanted.map((id) => ({ id, name: displayName(caller, { id, name: byId.get(id) ?? '' }) }));
}
