import { type TerminalTeamBreakdown } from '@pos/core';
import { and, asc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, terminalStockCounts as c } from '../../db/schema';
import { decode, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { addCount, emptyCounts } from './get-terminal-summary';
import { isOperator } from '../../db/tree';
import { shownMobile, shownName } from '../../lib/people';
import { ownStockPath } from '../../db/terminals/scope';

/**
 * The caller's own stock and each direct sub-agent's whole team, by bind status. The first path
 * segment after the caller's path names the direct sub-agent a holder belongs under.
 */
export async function getTeamBreakdown(db: Db, caller: Caller): Promise<TerminalTeamBreakdown> {
  const base = isOperator(caller) ? '/' : caller.path;
  const ownPath = ownStockPath(caller);
  // Top-level agents for the platform; the caller's direct sub-agents, in its tree (decision 020).
  const childOf: (SQL | undefined)[] = isOperator(caller)
    ? [isNull(agents.parentId), eq(agents.role, 'agent')]
    : [
        eq(agents.parentId, caller.agentId),
        caller.topId === null ? undefined : eq(agents.topId, caller.topId),
      ];
  const children = await db
    .select({ id: agents.id, name: agents.name, mobile: agents.mobile })
    .from(agents)
    .where(and(...childOf))
    .orderBy(asc(agents.id));
  const counts = await select(
    db,
    {
      child:
        sql`CASE WHEN ${c.holderPath} = ${ownPath} THEN '' ELSE split_part(substr(${c.holderPath}, ${base.length + 1}), '/', 1) END`.mapWith(
          decode.text,
        ),
      bindStatus: c.bindStatus,
      n: sql`sum(${c.n})`.mapWith(decode.number),
    },
    sql`FROM ${c}
        WHERE ${isOperator(caller) ? sql`TRUE` : sql`${c.holderPath} >= ${base} AND ${c.holderPath} < ${base + '~'}`}
        GROUP BY 1, 2`,
  );
  const own = emptyCounts();
  const byChild = new Map<string, ReturnType<typeof emptyCounts>>();
  for (const r of counts) {
    const target =
      r.child === ''
        ? own
        : (byChild.get(r.child) ?? byChild.set(r.child, emptyCounts()).get(r.child)!);
    addCount(target, r.bindStatus, r.n);
  }
  return {
    own,
    children: children.map((c) => ({
      agentId: c.id,
      // Direct sub-agents (top-level agents for the platform): in full (decision 010).
      agentName: shownName(caller, 'direct', c.name),
      agentMobile: shownMobile(caller, 'direct', c.mobile),
      ...(byChild.get(String(c.id)) ?? emptyCounts()),
    })),
  };
}
