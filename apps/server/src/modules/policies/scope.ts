import { sql, type SQL } from 'drizzle-orm';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';

/**
 * Data scope and small row helpers of the policies modules. An agent reaches its own subtree:
 * rows whose path copy starts with its path. Operators stand above all trees. A path prefix is an
 * index range [path, path + '~') on the "C"-collated path columns (paths hold digits and '/').
 */

export const isOperator = (caller: Pick<Caller, 'role'>) => caller.role === 'operator';

/** `column` (a "C"-collated path copy) lies in the caller's subtree; operators see every row. */
export function inSubtree(column: SQL, caller: Pick<Caller, 'role' | 'path'>): SQL {
  if (isOperator(caller)) return sql`TRUE`;
  return sql`(${column} >= ${caller.path} AND ${column} < ${caller.path + '~'})`;
}

/** The tree filter that lets a list walk the (top_id, id DESC) index; none for operators. */
export function inTree(column: SQL, caller: Pick<Caller, 'role' | 'topId'>): SQL {
  if (isOperator(caller) || caller.topId === null) return sql`TRUE`;
  return sql`${column} = ${caller.topId}`;
}

/** True when `path` lies in the caller's subtree. */
export function pathInSubtree(
  path: string | null | undefined,
  caller: Pick<Caller, 'role' | 'path'>,
): boolean {
  if (isOperator(caller)) return true;
  return typeof path === 'string' && path.startsWith(caller.path);
}

// ---------------------------------------------------------------------------------------------
// Keyset cursors: the id of the last row of a page, opaque to the client.
// ---------------------------------------------------------------------------------------------

export function encodeIdCursor(id: number): string {
  return Buffer.from(JSON.stringify([id]), 'utf8').toString('base64url');
}

export function decodeIdCursor(cursor: string | undefined): number | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 1 &&
      Number.isSafeInteger(value[0]) &&
      value[0] > 0
    ) {
      return value[0] as number;
    }
  } catch {
    // Fall through to the error below.
  }
  throw badRequest('分页游标格式错误', 'cursor');
}

/** A page from rows fetched with one extra row: the extra row only says there is a next page. */
export function pageOf<T extends { id: number }>(rows: T[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > pageSize && last ? encodeIdCursor(last.id) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// Row values: node-postgres reads int8 as text, PGlite as a number; times may be Date or text.
// ---------------------------------------------------------------------------------------------

export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));
export const numOrNull = (v: unknown): number | null =>
  v === null || v === undefined ? null : Number(v);
export const isoOrNull = (v: unknown): string | null => {
  if (v === null || v === undefined) return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
};
export const iso = (v: unknown): string => isoOrNull(v) ?? new Date(0).toISOString();
/** jsonb arrives parsed from both drivers, but text from a raw query on some; read both. */
export const json = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));

/** The platform as a party (its own stock, the opener of a top-level agent's policy). */
export { PLATFORM_PARTY_NAME as PLATFORM_NAME } from '@pos/core';
