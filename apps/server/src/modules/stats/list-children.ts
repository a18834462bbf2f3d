import { type StatsChildren, type StatsChildrenParams } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { bound, prepareSelect } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import {
  boundRangeFiguresSql,
  figureFields,
  rangeValues,
  toFigures,
  type RangeCut,
} from './figures-sql';
import { readRange } from './range';
import { resolveStatsAgent } from './scope';
import { shownMobile as teamShownMobile, shownName as teamShownName } from '../../lib/people';

const c = alias(agents, 'c');

/** What decides the page's text: whether the caller has a tree, and how the range is cut. */
type Variant = `${'tree' | 'all'}.${RangeCut}`;

/**
 * The page's statement of a variant, with every value bound at each call (issue 35). The values:
 * parentId, after (the cursor, 0 for the first page), limit, tree (with a tree), and the range's
 * cut as rangeValues('r', …) names it.
 */
function childrenSql(variant: Variant) {
  const [treeKey, cut] = variant.split('.') as ['tree' | 'all', RangeCut];
  // In the caller's tree (the shard key, decision 020): the page's rows are read again by id
  // there, so each sub-agent's figures start from the path of a row of the tree. An operator's
  // reads stay as they are.
  const tree = treeKey === 'tree' ? sql`${bound('tree')}::bigint` : null;
  const child =
    tree === null
      ? { join: sql``, path: sql`c.path`, topId: sql`c.top_id` }
      : {
          join: sql` JOIN agents cp ON cp.id = c.id AND cp.top_id = ${tree}`,
          path: sql`cp.path`,
          topId: tree,
        };
  return {
    shape: { id: c.id, name: c.name, mobile: c.mobile, path: c.path, ...figureFields('f') },
    rest: sql`FROM (SELECT id, name, mobile, path, top_id FROM agents
               WHERE parent_id = ${bound('parentId')}${tree === null ? sql`` : sql` AND top_id = ${tree}`}
                 AND role = 'agent' AND id > ${bound('after')}
               ORDER BY id LIMIT ${bound('limit')}) c${child.join}
        CROSS JOIN LATERAL (${boundRangeFiguresSql({ kind: 'team', path: child.path, topId: child.topId, tree }, cut, 'r')}) f
        ORDER BY c.id`,
  };
}

/**
 * Each variant's text is compiled once, but it runs as an unnamed statement, planned for its
 * values at each call: the generic plan of a named one cost PostgreSQL more than the builder saved
 * (bench:api, issue 35).
 */
const compiled = new Map<Variant, ReturnType<typeof compile>>();
const compile = (variant: Variant) => {
  const { shape, rest } = childrenSql(variant);
  return prepareSelect('', shape, rest);
};
const childrenOf = (variant: Variant) => {
  let found = compiled.get(variant);
  if (!found) {
    found = compile(variant);
    compiled.set(variant, found);
  }
  return found;
};

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
  const inTree = caller.topId !== null;
  const range = rangeValues('r', from, to);
  const values: Record<string, unknown> = {
    ...range.values,
    parentId: parent.id,
    after: query.cursor ?? 0,
    limit: query.pageSize + 1,
  };
  if (inTree) values.tree = caller.topId;
  const found = await childrenOf(`${inTree ? 'tree' : 'all'}.${range.cut}`).all(db, values);
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
