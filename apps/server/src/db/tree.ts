import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../plugins/auth';

/**
 * ` AND <column> = topId`: a statement kept to one tree by the shard key (decision 020). Nothing
 * is added for whoever has no tree (an operator, who stands above all trees), so their
 * statements stay as they were. A column given as a string is written as it is; the top id may be
 * a prepared variant's placeholder (bound('topId')).
 */
export function andInTree(
  column: SQL | string,
  holder: { topId: number | SQL | null | undefined },
): SQL {
  if (holder.topId === null || holder.topId === undefined) return sql``;
  return sql` AND ${typeof column === 'string' ? sql.raw(column) : column} = ${holder.topId}`;
}

/** Operators stand above every tree: no tree, no path, every agent's data in reach. */
export const isOperator = (caller: Pick<Caller, 'role'>) => caller.role === 'operator';

/** The agents of a materialised path from the bottom up: the direct agent first, its top last. */
export function chainIds(path: string): number[] {
  return path.split('/').filter(Boolean).map(Number).reverse();
}

/*
 * Subtree scope by materialised path (decision 004). A subtree's paths all start with its top's
 * path ('/1/7/'). Two kinds of path column are read:
 * - agents.path and agent_monthly_stats.path have the database's collation and text_pattern_ops
 *   indexes, answered by the ~>=~ / ~<~ operators: '/' sorts just below '0', so a subtree's paths
 *   all lie before '/1/70';
 * - the copies on terminals, merchants and standard_assessments have the "C" collation, answered
 *   by plain comparisons: '~' sorts above '/' and every digit, so they all lie before '/1/7/~'.
 */

/** `column` (a text_pattern_ops path) lies in the subtree whose top has path `pathExpr`. */
export const inAgentSubtree = (column: SQL, pathExpr: SQL): SQL =>
  sql`(${column} ~>=~ ${pathExpr} AND ${column} ~<~ (left(${pathExpr}, -1) || '0'))`;

/** `column` (a "C"-collated path copy) starts with `path`: one index range. */
export const inPathCopy = (column: SQL, path: string): SQL =>
  sql`(${column} >= (${path} COLLATE "C") AND ${column} < (${path + '~'} COLLATE "C"))`;

/** The caller's scope on a "C"-collated path copy; operators see every tree. */
export const callerPathCopyScope = (column: SQL, caller: Caller): SQL =>
  caller.role === 'operator' ? sql`TRUE` : inPathCopy(column, caller.path);
