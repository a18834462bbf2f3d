import { AGENT_LEVEL_PARAM, type AgentLevel } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents, systemParams } from '../../db/schema';
import { bound, decode, prepareVariants, type RowOf } from '../../db/typed';
import { agentLevelsFrom } from '../../lib/agent-levels';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

/**
 * The data scope of the team feature. An agent sees itself and its subtree; operators stand above
 * every tree and see every agent (never another operator). Anything outside answers exactly like
 * a missing row.
 */

/**
 * The first text after every path of the subtree of `path`: a subtree's paths all start with
 * '/1/7/', and '/' sorts just below '0', so they all lie in ['/1/7/', '/1/70').
 */
export const subtreeEnd = (path: string) => `${path.slice(0, -1)}0`;

/**
 * `column` lies in the subtree whose top has path `pathExpr` (the top included), written as a
 * range that the text_pattern_ops indexes on agents.path and agent_monthly_stats answer, also
 * when the path comes from another table of the query (LIKE needs a constant for that).
 */
export const inSubtree = (column: SQL, pathExpr: SQL): SQL =>
  sql`(${column} ~>=~ ${pathExpr} AND ${column} ~<~ (left(${pathExpr}, -1) || '0'))`;

export interface ScopedAgent {
  id: number;
  name: string;
  mobile: string;
  level: number;
  path: string;
  depth: number;
  parentId: number | null;
  topId: number | null;
  status: number;
  role: 'agent' | 'operator';
  createdAt: Date;
  realNameVerified: boolean;
  idCardMasked: string | null;
  /** The system's agent levels (agent_common_level), read in the same statement. */
  levels: AgentLevel[];
}

const a = alias(agents, 'a');
/** An agents row aliased `a`, as the team pages read it, with the level names beside it. */
const AGENT = {
  id: a.id,
  name: a.name,
  mobile: a.mobile,
  level: a.level,
  path: a.path,
  depth: a.depth,
  parentId: a.parentId,
  topId: a.topId,
  status: a.status,
  role: a.role,
  createdAt: a.createdAt,
  realNameVerified: a.realNameVerified,
  idCardMasked: a.idCardMasked,
  levels:
    sql`(SELECT ${systemParams.value} FROM ${systemParams} WHERE ${systemParams.key} = ${AGENT_LEVEL_PARAM})`.mapWith(
      decode.textOrNull,
    ),
};
type AgentRow = RowOf<typeof AGENT>;

/**
 * Every team read starts here or in findCaller. Both are compiled once per variant (an operator's
 * or an agent's) and run as named prepared statements: planning and building them cost more than
 * running them (issue 35). The scope is part of the statement, so no caller can reach an agent
 * outside it whatever id it sends.
 */
const agentInScope = prepareVariants<'operator' | 'agent', typeof AGENT>(
  'team_agent',
  (variant) => ({
    shape: AGENT,
    rest: sql`FROM agents a WHERE ${a.id} = ${bound('id')} AND ${
      variant === 'operator'
        ? sql`a.role = 'agent'`
        : sql`(a.path ~>=~ ${bound('path')} AND a.path ~<~ ${bound('pathEnd')})`
    } LIMIT 1`,
  }),
);
const callerRow = prepareVariants<'tree' | 'noTree', typeof AGENT>('team_caller', (variant) => ({
  shape: AGENT,
  rest: sql`FROM agents a WHERE ${a.id} = ${bound('id')}${
    variant === 'tree' ? sql` AND a.top_id = ${bound('topId')}` : sql``
  }`,
}));

function scoped(row: AgentRow | undefined): ScopedAgent {
  if (!row) throw notFound();
  return { ...row, levels: agentLevelsFrom(row.levels) };
}

/** The agent `id` if the caller may see it, else the same 404 a missing id gets. */
export async function findAgentInScope(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<ScopedAgent> {
  const row =
    caller.role === 'operator'
      ? await agentInScope('operator').one(db, { id })
      : await agentInScope('agent').one(db, {
          id,
          path: caller.path,
          pathEnd: subtreeEnd(caller.path),
        });
  return scoped(row);
}

/** The caller's own row (an operator's too), read in the caller's tree (decision 020). */
export async function findCaller(db: DbOrTx, caller: Caller): Promise<ScopedAgent> {
  const row =
    caller.topId === null
      ? await callerRow('noTree').one(db, { id: caller.agentId })
      : await callerRow('tree').one(db, { id: caller.agentId, topId: caller.topId });
  return scoped(row);
}

/**
 * The agent a team call is about: `id` when given (and in scope), else the caller itself. An
 * operator without an id has no team of its own and gets a 404 like any unknown agent.
 */
export async function resolveTeamAgent(
  db: DbOrTx,
  caller: Caller,
  id: number | undefined,
): Promise<ScopedAgent> {
  if (id !== undefined && id !== caller.agentId) return findAgentInScope(db, caller, id);
  const self = await findCaller(db, caller);
  if (self.role !== 'agent') throw notFound();
  return self;
}
