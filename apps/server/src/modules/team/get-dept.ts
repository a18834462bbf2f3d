import { DEPT_CHILDREN_MAX, type DeptResponse } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { decode, select, selectOne } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { figureFields, figuresOf, teamFiguresSql, terminalFields, terminalsOf } from './figures';
import { levelName } from './levels';
import { currentMonth, monthKey } from './month';
import { displayName } from './names';
import { shownMobile } from '../../lib/people';
import { andInTree } from '../../db/tree';
import { inSubtree, resolveTeamAgent } from './scope';
import { teamTerminalCountsSql } from './terminal-counts';

const c = alias(agents, 'c');
const d = alias(agents, 'd');

/**
 * The team structure of the caller (or of an agent of its subtree): totals of the whole subtree,
 * how many agents hold each level, and the direct sub-agents with their own child counts and
 * subtree sizes, largest teams first. Each figure is one indexed query over the subtree.
 */
export async function getDept(
  db: DbOrTx,
  caller: Caller,
  id: number | undefined,
): Promise<DeptResponse> {
  const agent = await resolveTeamAgent(db, caller, id);
  const month = currentMonth();
  const path = sql`${agent.path}::text`;

  const totals = await selectOne(
    db,
    {
      directCount: sql`(SELECT count(*) FROM agents k
          WHERE k.parent_id = ${agent.id}${andInTree('k.top_id', caller)})`.mapWith(decode.number),
      teamSize:
        sql`(SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, path)}) - 1`.mapWith(
          decode.number,
        ),
      ...figureFields('f', 'team'),
      ...terminalFields('t', 'team'),
    },
    sql`FROM (${teamFiguresSql(path, monthKey(month))}) f
      CROSS JOIN (${teamTerminalCountsSql(path)}) t`,
  );
  // Sums without GROUP BY: always one row.
  if (!totals) throw new Error('the team structure read no totals');

  const levelRows = await select(
    db,
    { level: d.level, count: sql`count(*)`.mapWith(decode.number) },
    sql`FROM agents d
         WHERE ${inSubtree(sql`${d.path}`, path)} AND ${d.id} <> ${agent.id}
         GROUP BY ${d.level} ORDER BY ${d.level} DESC`,
  );

  const children = await select(
    db,
    {
      id: c.id,
      name: c.name,
      mobile: c.mobile,
      level: c.level,
      path: c.path,
      childCount: sql`(SELECT count(*) FROM agents k
          WHERE k.parent_id = ${c.id}${andInTree('k.top_id', caller)})`.mapWith(decode.number),
      teamSize:
        sql`(SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, sql`${c.path}`)}) - 1`.mapWith(
          decode.number,
        ),
    },
    sql`FROM agents c WHERE ${c.parentId} = ${agent.id}${andInTree(sql`${c.topId}`, caller)}
      ORDER BY "teamSize" DESC, ${c.id}
      LIMIT ${DEPT_CHILDREN_MAX}`,
  );

  const levels = agent.levels;
  const directCount = totals.directCount;
  return {
    agent: {
      id: agent.id,
      name: displayName(caller, agent),
      level: agent.level,
      levelName: levelName(levels, agent.level),
    },
    month,
    totals: {
      directCount,
      teamSize: totals.teamSize,
      month: figuresOf(totals, 'team'),
      terminals: terminalsOf(totals, 'team'),
    },
    levelCounts: levelRows.map((r) => ({
      level: r.level,
      levelName: levelName(levels, r.level),
      count: r.count,
    })),
    children: children.map((r) => ({
      id: r.id,
      name: displayName(caller, r),
      mobile: shownMobile(caller, r, r.mobile),
      level: r.level,
      levelName: levelName(levels, r.level),
      childCount: r.childCount,
      teamSize: r.teamSize,
    })),
    childrenTruncated: directCount > children.length,
  };
}
