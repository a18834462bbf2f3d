import type { PriceShareItem } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { PRICE_SHARE, priceShareFrom, toPriceShareItem, withoutId } from './price-share-queries';
import { decodeIdCursor, encodeIdCursor } from '../../lib/keyset';

/** What the caller passes down to each direct child, per policy (price-property). */
export async function listPriceShares(
  db: DbOrTx,
  caller: Caller,
  query: { cursor?: string; pageSize: number },
): Promise<{ rows: PriceShareItem[]; nextCursor: string | null }> {
  if (caller.role === 'operator') return { rows: [], nextCursor: null };
  const after = decodeIdCursor(query.cursor);
  const found = await select(
    db,
    PRICE_SHARE,
    sql`${priceShareFrom(caller)}
        WHERE ap.parent_agent_id = ${caller.agentId}${andInTree('ap.top_id', caller)} ${after ? sql`AND ap.id < ${after}` : sql``}
        ORDER BY ap.id DESC LIMIT ${query.pageSize + 1}`,
  );
  const page = found.slice(0, query.pageSize).map(toPriceShareItem);
  const last = page[page.length - 1];
  return {
    rows: page.map(withoutId),
    nextCursor: found.length > query.pageSize && last ? encodeIdCursor(last.id) : null,
  };
}
