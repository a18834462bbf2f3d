import { sql, type SQL } from 'drizzle-orm';
import { isOperator } from './tree';
import { encodeIdCursor } from '../lib/keyset';
import type { Caller } from '../plugins/auth';

/**
 * Data scope and small row helpers of the policies modules. An agent reaches its own subtree:
 * rows whose path copy starts with its path. Operators stand above all trees. A path prefix is an
 * index range [path, path + '~') on the "C"-collated path columns (paths hold digits and '/').
 */

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

/** A page from rows fetched with one extra row: the extra row only says there is a next page. */
export function pageOf<T extends { id: number }>(rows: T[], pageSize: number) {
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    rows: page,
    nextCursor: rows.length > pageSize && last ? encodeIdCursor(last.id) : null,
  };
}
