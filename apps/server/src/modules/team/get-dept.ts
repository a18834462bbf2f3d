import { DEPT_CHILDREN_MAX, type DeptResponse } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { num, teamFiguresSql, toFigures, toTerminals } from './figures';
import { levelName, loadLevels } from './levels';
import { currentMonth, monthKey } from './month';
import { displayName } from './names';
import { shownMobile } from '../../lib/people';
import { andInTree } from '../../db/tree';
import { inSubtree, resolveTeamAgent } from './scope';
import { teamTerminalCountsSql } from './terminal-counts';

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

  const [totals] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT
        (SELECT count(*) FROM agents k
          WHERE k.parent_id = ${agent.id}${andInTree('k.top_id', caller)}) AS direct_count,
        (SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, path)}) - 1 AS team_size,
        f.*, t.*
      FROM (${teamFiguresSql(path, monthKey(month))}) f
      CROSS JOIN (${teamTerminalCountsSql(path)}) t`,
  );

  const levelRows = await rows<{ level: number; count: unknown }>(
    db,
    sql`SELECT d.level, count(*) AS count FROM agents d
         WHERE ${inSubtree(sql`d.path`, path)} AND d.id <> ${agent.id}
         GROUP BY d.level ORDER BY d.level DESC`,
  );

  const children = await rows<Record<string, unknown>>(
    db,
    sql`SELECT c.id, c.name, c.mobile, c.level, c.path,
        (SELECT count(*) FROM agents k
          WHERE k.parent_id = c.id${andInTree('k.top_id', caller)}) AS child_count,
        (SELECT count(*) FROM agents d WHERE ${inSubtree(sql`d.path`, sql`c.path`)}) - 1 AS team_size
      FROM agents c WHERE c.parent_id = ${agent.id}${andInTree('c.top_id', caller)}
      ORDER BY team_size DESC, c.id
      LIMIT ${DEPT_CHILDREN_MAX}`,
  );

  const levels = await loadLevels(db);
  const directCount = num(totals?.direct_count);
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
      teamSize: num(totals?.team_size),
      month: toFigures(totals ?? {}),
      terminals: toTerminals(totals ?? {}),
    },
    levelCounts: levelRows.map((r) => ({
      level: num(r.level),
      levelName: levelName(levels, num(r.level)),
      count: num(r.count),
    })),
    children: children.map((c) => ({
      id: num(c.id),
      name: displayName(caller, { id: num(c.id), name: String(c.name), path: String(c.path) }),
      mobile: shownMobile(caller, { id: num(c.id), path: String(c.path) }, String(c.mobile)),
      level: num(c.level),
      levelName: levelName(levels, num(c.level)),
      childCount: num(c.child_count),
      teamSize: num(c.team_size),
    })),
    childrenTruncated: directCount > children.length,
  };
}
