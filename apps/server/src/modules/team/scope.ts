import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
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

interface AgentSqlRow {
  id: string | number;
  name: string;
  mobile: string;
  level: number;
  path: string;
  depth: number;
  parent_id: string | number | null;
  top_id: string | number | null;
  status: number;
  role: 'agent' | 'operator';
  created_at: Date | string;
  real_name_verified: boolean;
  id_card_masked: string | null;
}

const toScoped = (r: AgentSqlRow): ScopedAgent => ({
  id: Number(r.id),
  name: r.name,
  mobile: r.mobile,
  level: Number(r.level),
  path: r.path,
  depth: Number(r.depth),
  parentId: r.parent_id === null ? null : Number(r.parent_id),
  topId: r.top_id === null ? null : Number(r.top_id),
  status: Number(r.status),
  role: r.role,
  createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
  realNameVerified: r.real_name_verified,
  idCardMasked: r.id_card_masked,
});

const AGENT_COLUMNS = sql.raw(
  'a.id, a.name, a.mobile, a.level, a.path, a.depth, a.parent_id, a.top_id, a.status, a.role, a.created_at, a.real_name_verified, a.id_card_masked',
);

/**
 * The agent `id` if the caller may see it, else the same 404 a missing id gets. The scope is
 * part of the query, so no caller can reach an agent outside it whatever id it sends.
 */
export async function findAgentInScope(
  db: DbOrTx,
  caller: Caller,
  id: number,
): Promise<ScopedAgent> {
  const [row] = await rows<AgentSqlRow>(
    db,
    sql`SELECT ${AGENT_COLUMNS} FROM agents a WHERE a.id = ${id} AND ${callerScope(caller, 'a')} LIMIT 1`,
  );
  if (!row) throw notFound();
  return toScoped(row);
}

/** The caller's own row (an operator's too), read in the caller's tree (decision 020). */
export async function findCaller(db: DbOrTx, caller: Caller): Promise<ScopedAgent> {
  const tree = andInTree('a.top_id', caller);
  const [row] = await rows<AgentSqlRow>(
    db,
    sql`SELECT ${AGENT_COLUMNS} FROM agents a WHERE a.id = ${caller.agentId}${tree}`,
  );
  if (!row) throw notFound();
  return toScoped(row);
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
