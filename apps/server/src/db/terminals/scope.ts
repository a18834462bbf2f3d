import { sql, type SQL } from 'drizzle-orm';
import { isOperator } from '../tree';
import type { Caller } from '../../plugins/auth';

/**
 * The data scope of terminals and merchants. An agent reaches its own subtree: every row whose
 * path copy starts with the agent's path. Operators stand above all trees.
 *
 * A path prefix is written as a byte range, [path, path + '~'), rather than LIKE: paths hold only
 * digits and '/', both below '~', and the "C" collation of the path columns makes the range an
 * index range whatever the query plan.
 */

/** The holder_path of the stock the caller moves itself: the platform's ('') for operators. */
export const ownStockPath = (caller: Pick<Caller, 'role' | 'path'>) =>
  isOperator(caller) ? '' : caller.path;

/** The holder id written for the caller's own stock (NULL for the platform). */
export const ownStockAgentId = (caller: Pick<Caller, 'role' | 'agentId'>) =>
  isOperator(caller) ? null : caller.agentId;

/** `column` starts with `path`: an index range. */
export function pathPrefix(column: SQL, path: string): SQL {
  return sql`(${column} >= ${path} AND ${column} < ${path + '~'})`;
}

/** The caller's scope on a path column; operators see everything. */
export function inScope(column: SQL, caller: Pick<Caller, 'role' | 'path'>): SQL {
  return isOperator(caller) ? sql`TRUE` : pathPrefix(column, caller.path);
}

/**
 * The caller's scope on agents.path, which has the database's default collation and a
 * text_pattern_ops index: LIKE with a constant prefix is what that index answers.
 */
export function agentInScope(column: SQL, caller: Pick<Caller, 'role' | 'path'>): SQL {
  return isOperator(caller) ? sql`TRUE` : sql`${column} LIKE ${caller.path + '%'}`;
}

/** True when `path` (an agent's, a terminal holder's) lies in the caller's subtree. */
export function pathInScope(path: string | null, caller: Pick<Caller, 'role' | 'path'>): boolean {
  if (isOperator(caller)) return true;
  return path !== null && path.startsWith(caller.path);
}
