import { type TeamCrumb } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { type ScopedAgent } from './scope';
import { shownName } from '../../lib/people';

/**
 * The caller itself and its own team (agents on paths below its own) by full name; anyone else
 * masked (decision 010). Without a path only the caller's own name is shown in full.
 */
export const displayName = (caller: Caller, agent: { id: number; name: string; path?: string }) =>
  shownName(caller, { id: agent.id, path: agent.path ?? null }, agent.name);

/** The path of the ancestor `id` on `path`: '/1/7/42/' and 7 -> '/1/7/'. */
export const ancestorPath = (path: string, id: number) => {
  const ids = pathIds(path);
  const at = ids.indexOf(id);
  return at < 0 ? null : `/${ids.slice(0, at + 1).join('/')}/`;
};

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
  // The agent itself is already read; only the agents above it on the way are looked up (none
  // when the way is the caller's own team, the first page every agent opens).
  const above = wanted.filter((id) => id !== agent.id);
  const found =
    above.length === 0
      ? []
      : await select(
          db,
          { id: agents.id, name: agents.name },
          sql`FROM ${agents} WHERE ${agents.id} IN (${sql.join(
            above.map((id) => sql`${id}`),
            sql`, `,
          )})${andInTree(sql`${agents.topId}`, caller)}`,
        );
  const byId = new Map(found.map((r) => [r.id, r.name]));
  byId.set(agent.id, agent.name);
  return wanted.map((id) => ({
    id,
    name: displayName(caller, {
      id,
      name: byId.get(id) ?? '',
      path: ancestorPath(agent.path, id) ?? undefined,
    }),
  }));
}
