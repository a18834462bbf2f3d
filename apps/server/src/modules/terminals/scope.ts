import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

/**
 * The data scope of terminals and merchants. An agent reaches its own subtree: every row whose
 * path copy starts with the agent's path. Operators stand above all trees.
 *
 * A path prefix is written as a byte range, [path, path + '~'), rather than LIKE: paths hold only
 * digits and '/', both below '~', and the "C" collation of the path columns makes the range an
 * index range whatever the query plan.
 */

export const isOperator = (caller: Pick<Caller, 'role'>) => caller.role === 'operator';

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

// ---------------------------------------------------------------------------------------------
// Keyset cursors: an opaque base64url JSON array of the sort key of the last row of a page.
// ---------------------------------------------------------------------------------------------

export function encodeCursor(key: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');
}

/** Reads a cursor of the given shape; anything else is the caller's mistake, named as such. */
export function decodeCursor<T extends readonly ('string' | 'number')[]>(
  cursor: string | undefined,
  shape: T,
): { [K in keyof T]: T[K] extends 'string' ? string : number } | null {
  if (!cursor) return null;
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('分页游标格式错误', 'cursor');
  }
  if (!Array.isArray(value) || value.length !== shape.length)
    throw badRequest('分页游标格式错误', 'cursor');
  value.forEach((v, i) => {
    const kind = shape[i];
    const okType =
      kind === 'number' ? Number.isSafeInteger(v) : typeof v === 'string' && v.length <= 256;
    if (!okType) throw badRequest('分页游标格式错误', 'cursor');
  });
  return value as never;
}

// ---------------------------------------------------------------------------------------------
// Row values: drivers differ (node-postgres reads int8 as text, PGlite as a number).
// ---------------------------------------------------------------------------------------------

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);
export const iso = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
export const isoNow = (v: unknown): string => iso(v) ?? new Date(0).toISOString();

/** The platform as a party (its own stock, the opener of a top-level agent's policy). */
export { PLATFORM_PARTY_NAME as PLATFORM_NAME } from '@pos/core';
