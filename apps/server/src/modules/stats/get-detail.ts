import type { StatsDetail, StatsDetailQuery } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { decode, selectOne } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { earningsByType, own, rangeFigures, team } from './figures-sql';
import { readRange } from './range';
import { resolveStatsAgent, shownMobile, shownName } from './scope';
import { andInTree } from '../../db/tree';

/**
 * One day (from = to) or one agent over a range (/pages/home/statistics/detail): the agent's own
 * and team figures, its earnings by info type, and how many direct sub-agents it has (their share
 * comes from listStatsChildren).
 */
export async function getStatsDetail(
  db: DbOrTx,
  caller: Caller,
  query: StatsDetailQuery,
  now: Date = new Date(),
): Promise<StatsDetail> {
  const agent = await resolveStatsAgent(db, caller, query.agentId);
  const { from, to } = readRange(query, now);
  const [ownFigures, teamFigures, byType, direct] = await Promise.all([
    rangeFigures(db, own(agent.id, caller.topId), from, to),
    rangeFigures(db, team(agent.path, agent.topId, caller.topId), from, to),
    earningsByType(db, agent.id, from, to, caller.topId),
    selectOne(
      db,
      { n: sql`count(*)`.mapWith(decode.number) },
      sql`FROM agents c
           WHERE c.parent_id = ${agent.id}${andInTree('c.top_id', caller)} AND c.role = 'agent'`,
    ),
  ]);
  return {
    agent: {
      id: agent.id,
      name: shownName(agent),
      isSelf: agent.isSelf,
      mobile: shownMobile(agent),
      directCount: direct?.n ?? 0,
    },
    from,
    to,
    own: ownFigures,
    team: teamFigures,
    earningsFen: byType.reduce((s, t) => s + t.amountFen, 0),
    earningsByType: byType,
  };
}
