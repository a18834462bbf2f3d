import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { nameByText, type DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { preparedSelect, selection } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';

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

/** The caller's own scope over an agents row aliased `alias`. */
export function callerScope(caller: Caller, alias: string): SQL {
  const a = sql.raw(alias);
  if (caller.role === 'operator') return sql`${a}.role = 'agent'`;
  return sql`(${a}.path ~>=~ ${caller.path} AND ${a}.path ~<~ ${subtreeEnd(caller.path)})`;
}

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
}

const a = alias(agents, 'a');
/** An agents row aliased `a`, as the team pages read it. */
const AGENT = selection({
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
});

/**
 * The agent `id` if the caller may see it, else the same 404 a missing id gets. The scope is
 * part of the query, so no caller can reach an agent outside it whatever id it sends. Every team
 * read starts here or in findCaller: both are named prepared statements (planned once per
 * connection; planning cost more than running them, issue 35).
 */
export async function findAgentInScope(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<ScopedAgent> {
  const [row] = await preparedSelect(
    db,
    nameByText('team_agent'),
    AGENT,
    sql`FROM agents a WHERE ${a.id} = ${id} AND ${callerScope(caller, 'a')} LIMIT 1`,
  );
  if (!row) throw notFound();
  return row;
}

/** The caller's own row (an operator's too), read in the caller's tree (decision 020). */
export async function findCaller(db: DbOrTx, caller: Caller): Promise<ScopedAgent> {
  const tree = andInTree('a.top_id', caller);
  const [row] = await preparedSelect(
    db,
    nameByText('team_caller'),
    AGENT,
    sql`FROM agents a WHERE ${a.id} = ${caller.agentId}${tree}`,
  );
  if (!row) throw notFound();
  return row;
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
