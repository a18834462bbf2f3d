import { type TerminalTeamBreakdown } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { addCount, emptyCounts } from './get-terminal-summary';
import { andInTree } from '../../db/tree';
import { shownMobile, shownName } from '../../lib/people';
import { isOperator, num, ownStockPath } from './scope';

/**
 * The caller's own stock and each direct sub-agent's whole team, by bind status. The first path
 * segment after the caller's path names the direct sub-agent a holder belongs under.
 */
export async function getTeamBreakdown(db: Db, caller: Caller): Promise<TerminalTeamBreakdown> {
  const base = isOperator(caller) ? '/' : caller.path;
  const ownPath = ownStockPath(caller);
  const children = await rows<{ id: unknown; name: string; mobile: string }>(
    db,
    isOperator(caller)
      ? sql`SELECT id, name, mobile FROM agents WHERE parent_id IS NULL AND role = 'agent' ORDER BY id`
      : sql`SELECT id, name, mobile FROM agents
            WHERE parent_id = ${caller.agentId}${andInTree(sql`top_id`, caller)} ORDER BY id`,
  );
  const counts = await rows<{ child: string; bind_status: unknown; n: unknown }>(
    db,
    sql`SELECT CASE WHEN c.holder_path = ${ownPath} THEN '' ELSE split_part(substr(c.holder_path, ${base.length + 1}), '/', 1) END AS child,
          c.bind_status, sum(c.n) AS n
        FROM terminal_stock_counts c
        WHERE ${isOperator(caller) ? sql`TRUE` : sql`c.holder_path >= ${base} AND c.holder_path < ${base + '~'}`}
        GROUP BY 1, 2`,
  );
  const own = emptyCounts();
  const byChild = new Map<string, ReturnType<typeof emptyCounts>>();
  for (const r of counts) {
    const target =
      r.child === ''
        ? own
        : (byChild.get(r.child) ?? byChild.set(r.child, emptyCounts()).get(r.child)!);
    addCount(target, num(r.bind_status), num(r.n));
  }
  return {
    own,
    children: children.map((c) => ({
      agentId: num(c.id),
      // Direct sub-agents (top-level agents for the platform): in full (decision 010).
      agentName: shownName(caller, 'direct', c.name),
      agentMobile: shownMobile(caller, 'direct', c.mobile),
      ...(byChild.get(String(num(c.id))) ?? emptyCounts()),
    })),
  };
}
