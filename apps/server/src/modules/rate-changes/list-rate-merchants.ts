import { maskName, type RateMerchant } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { merchants } from '../../db/schema';
import { select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { likeEscape } from '../policies/list-open-candidates';
import { pageOf } from '../../db/subtree-scope';
import { andInTree } from '../../db/tree';
import { decodeIdCursor } from '../../lib/keyset';

const m = alias(merchants, 'm');

/** text[] as an array (node-postgres and PGlite parse it; a literal '{a,b}' is read too). */
const textArray = (v: unknown): string[] =>
  Array.isArray(v)
    ? v.map(String)
    : String(v ?? '{}')
        .replace(/[{}"]/g, '')
        .split(',')
        .filter(Boolean);

/**
 * The merchants whose rates the caller may change: those it signed up itself (its direct
 * merchants), with their bound terminals. Searchable by name, merchant number or a bound SN.
 */
export async function listRateMerchants(
  db: DbOrTx,
  caller: Caller,
  query: { keyword?: string; cursor?: string; pageSize: number },
): Promise<{ rows: RateMerchant[]; nextCursor: string | null }> {
  if (caller.role === 'operator') return { rows: [], nextCursor: null };
  const after = decodeIdCursor(query.cursor);
  const kw = query.keyword?.trim();
  // The caller's merchants and their terminals, in its tree (decision 020).
  const tree = (column: SQL) => andInTree(column, caller);
  const found = await select(
    db,
    {
      id: m.id,
      merchantNo: m.merchantNo,
      name: m.name,
      legalName: m.legalName,
      sns: sql`COALESCE(array_agg(t.sn ORDER BY t.sn) FILTER (WHERE t.id IS NOT NULL), '{}')`.mapWith(
        textArray,
      ),
      policyNames:
        sql`COALESCE(array_agg(DISTINCT p.name) FILTER (WHERE p.id IS NOT NULL), '{}')`.mapWith(
          textArray,
        ),
    },
    sql`FROM merchants m
        LEFT JOIN terminals t ON t.merchant_id = m.id${tree(sql`t.top_id`)} AND t.deleted_at IS NULL
        LEFT JOIN policies p ON p.id = t.policy_id
        WHERE ${m.agentId} = ${caller.agentId}${tree(sql`${m.topId}`)}
          ${after ? sql`AND ${m.id} < ${after}` : sql``}
          ${
            kw
              ? sql`AND (m.name LIKE ${`%${likeEscape(kw)}%`} OR m.merchant_no = ${kw}
                    OR EXISTS (SELECT 1 FROM terminals t2 WHERE t2.merchant_id = m.id${tree(sql`t2.top_id`)} AND t2.sn = ${kw.toUpperCase()}))`
              : sql``
          }
        GROUP BY ${m.id}
        ORDER BY ${m.id} DESC LIMIT ${query.pageSize + 1}`,
  );
  return pageOf(
    found.map(({ sns, legalName, ...row }) => ({
      ...row,
      legalName: maskName(legalName),
      terminalCount: sns.length,
      sns: sns.slice(0, 5),
    })),
    query.pageSize,
  );
}
