import type { PriceShareInfo } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { directChild } from '../policies/get-open-draft';
import { andInTree } from '../../db/tree';
import {
  PRICE_SHARE,
  priceShareFrom,
  priceShareHistoryOf,
  toPriceShareItem,
  withoutId,
} from './price-share-queries';

/** One direct child's pass-down share under one policy, with its history (price-property/detail). */
export async function getPriceShare(
  db: DbOrTx,
  caller: Caller,
  query: { childId: number; policyId: number },
): Promise<PriceShareInfo> {
  const child = await directChild(db, caller, query.childId);
  const row = await selectOne(
    db,
    PRICE_SHARE,
    sql`${priceShareFrom(caller)}
        WHERE ap.agent_id = ${child.id}${andInTree('ap.top_id', caller)} AND ap.policy_id = ${query.policyId}`,
  );
  if (!row) throw notFound('下级尚未开通该政策');
  return {
    ...withoutId(toPriceShareItem(row)),
    history: await priceShareHistoryOf(db, child.id, query.policyId, caller),
  };
}
