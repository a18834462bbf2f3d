import { badRequest } from '../../lib/app-error';

/**
 * Keyset cursors of the checks' lists: an opaque base64url JSON array holding the sort key of the
 * last row of a page (a holder path and an SN, or an SN alone). A cursor only says where a page
 * starts; the caller's scope is applied to every page whatever the cursor holds.
 */

const PATH = /^\/(\d+\/)*$/;
const SN = /^[0-9A-Za-z-]{1,64}$/;

export const encodeCursor = (key: readonly string[]): string =>
  Buffer.from(JSON.stringify(key), 'utf8').toString('base64url');

function decode(cursor: string): unknown {
  try {
    return JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest('分页游标格式错误', 'cursor');
  }
}

/** A (holder path, SN) cursor, or null for the first page. */
export function decodePathSnCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  const v = decode(cursor);
  if (
    !Array.isArray(v) ||
    v.length !== 2 ||
    typeof v[0] !== 'string' ||
    typeof v[1] !== 'string' ||
    !PATH.test(v[0]) ||
    !SN.test(v[1])
  ) {
    throw badRequest('分页游标格式错误', 'cursor');
  }
  return [v[0], v[1]];
}

/** An SN cursor, or null for the first page. */
export function decodeSnCursor(cursor: string | undefined): string | null {
  if (!cursor) return null;
  const v = decode(cursor);
  if (!Array.isArray(v) || v.length !== 1 || typeof v[0] !== 'string' || !SN.test(v[0])) {
    throw badRequest('分页游标格式错误', 'cursor');
  }
  return v[0];
}
