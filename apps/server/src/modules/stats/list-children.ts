import { type StatsChildren, type StatsChildrenParams } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { figureFields, rangeFiguresSql, toFigures } from './figures-sql';
import { readRange } from './range';
import { resolveStatsAgent } from './scope';
import { shownMobile as teamShownMobile, shownName as teamShownName } from '../../lib/people';

/**
 * The direct sub-agents of an agent with their teams' figures over a range, in keyset pages by
 * id (the agents_parent_idx order). Each row's figures are one LATERAL read of the rollups bounded
 * by that sub-agent's path, so a page costs its own rows' subtrees, never the whole list's.
 */
export async function listStatsChildren(
  db: DbOrTx,
  caller: Caller,
  query: StatsChildrenParams,
  now: Date = new Date(),
): Promise<StatsChildren> {
  const parent = await resolveStatsAgent(db, caller, query.agentId);
  const { from, to } = readRange(query, now);
  const after = query.cursor ?? 0;
  // In the caller's tree (the shard key, decision 020): the page's rows are read again by id there,
  // so each sub-agent's figures start from the path of a row of the tree. An operator's reads
  // stay as they are.
  const tree = caller.topId === null ? null : sql`${caller.topId}::bigint`;
  const child =
    tree === null
      ? { join: sql``, path: sql`c.path`, topId: sql`c.top_id` }
      : {
          join: sql` JOIN agents cp ON cp.id = c.id AND cp.top_id = ${tree}`,
          path: sql`cp.path`,
          topId: tree,
        };
  const c = alias(agents, 'c');
  const found = await select(
    db,
    { id: c.id, name: c.name, mobile: c.mobile, path: c.path, ...figureFields('f') },
    sql`FROM (SELECT id, name, mobile, path, top_id FROM agents
               WHERE parent_id = ${parent.id}${tree === null ? sql`` : sql` AND top_id = ${tree}`}
                 AND role = 'agent' AND id > ${after}
               ORDER BY id LIMIT ${query.pageSize + 1}) c${child.join}
        CROSS JOIN LATERAL (${rangeFiguresSql({ kind: 'team', path: child.path, topId: child.topId, tree }, from, to)}) f
        ORDER BY c.id`,
  );
  const page = found.slice(0, query.pageSize);
  return {
    rows: page.map((r) => ({
      id: r.id,
      // Children of an agent of the caller's subtree: the caller's own team (decision 010).
      name: teamShownName(caller, r, r.name),
      mobile: teamShownMobile(caller, r, r.mobile),
      team: toFigures(r),
    })),
    nextCursor: found.length > query.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}
