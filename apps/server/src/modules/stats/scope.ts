import { maskName, maskPhone } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { decode, prepareVariants } from '../../db/typed';
import { inAgentSubtree } from '../../db/tree';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

/**
 * The data scope of the data feature (statistics and standards checks). An agent sees itself and
 * its subtree; an operator sees every agent's data but has none of its own. Anything outside the
 * scope answers exactly like a missing row: 404 '数据不存在'.
 *
 * Two kinds of path column are read:
 * - agents.path and agent_monthly_stats.path have the database's collation and text_pattern_ops
 *   indexes, answered by the ~>=~ / ~<~ operators;
 * - the copies on terminals, merchants and standard_assessments have the "C" collation, answered
 *   by plain comparisons with a "C" bound.
 * A subtree's paths all start with its top's path ('/1/7/'). '/' sorts just below '0', so they
 * all lie before '/1/70' (the bound used on pattern columns); '~' sorts above '/' and every digit,
 * so they all lie before '/1/7/~' (the bound used on "C" columns).
 */

export interface StatsAgentRow {
  id: number;
  name: string;
  mobile: string;
  path: string;
  topId: number;
  isSelf: boolean;
}

/**
 * The agent a statistics call is about: `agentId` when given and inside the caller's scope, else
 * the caller itself. An operator without an agentId has no figures of its own and gets the same
 * 404 an unknown agent gets.
 */
export async function resolveStatsAgent(
  db: DbOrTx,
  caller: Caller,
  agentId?: number,
): Promise<StatsAgentRow> {
  const id = agentId ?? caller.agentId;
  const operator = caller.role === 'operator';
  const row = await statsAgentOf(operator ? 'operator' : 'agent').one(
    db,
    operator ? { id } : { id, callerPath: caller.path },
  );
  if (!row) throw notFound();
  return { ...row, isSelf: row.id === caller.agentId };
}

/**
 * Every statistics read starts here: one statement per variant (an operator's, who sees every
 * agent, or an agent's subtree), compiled once and run as a named prepared statement with the
 * call's values bound (issue 35).
 */
const statsAgentOf = prepareVariants('stats_agent', (variant: 'operator' | 'agent') => ({
  shape: {
    id: sql`a.id`.mapWith(agents.id),
    name: sql`a.name`.mapWith(agents.name),
    mobile: sql`a.mobile`.mapWith(agents.mobile),
    path: sql`a.path`.mapWith(agents.path),
    // An agent always has a top; 0 as before for a row without one.
    topId: sql`coalesce(a.top_id, 0)`.mapWith(decode.number),
  },
  rest: sql`FROM agents a WHERE a.id = ${sql.placeholder('id')} AND ${
    variant === 'operator'
      ? sql`a.role = 'agent'`
      : sql`a.role = 'agent' AND ${inAgentSubtree(sql`a.path`, sql`${sql.placeholder('callerPath')}::text`)}`
  }`,
}));

/** Names and mobiles of other agents leave masked; the caller's own are its own. */
export const shownName = (agent: { name: string; isSelf: boolean }) =>
  agent.isSelf ? agent.name : maskName(agent.name);
export const shownMobile = (agent: { mobile: string; isSelf: boolean }) =>
  agent.isSelf ? agent.mobile : maskPhone(agent.mobile);
