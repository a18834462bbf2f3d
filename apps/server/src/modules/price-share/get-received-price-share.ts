import type { ReceivedPriceShareInfo } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { select } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { listReceivedPriceShares } from './list-received-price-shares';
import { andInTree } from '../../db/tree';
import {
  PRICE_SHARE,
  priceShareFrom,
  priceShareHistoryOf,
  toPriceShareItem,
  withoutId,
} from './price-share-queries';

/**
 * One policy's adjustment share as it reaches the caller (price-property-detail/detail): what its
 * parent passes to it, the history of that, and what it passes on to each of its own children.
 */
export async function getReceivedPriceShare(
  db: DbOrTx,
  caller: Caller,
  policyId: number,
): Promise<ReceivedPriceShareInfo> {
  const [received] = await listReceivedPriceShares(db, caller, policyId);
  if (!received) throw notFound();
  const children = await select(
    db,
    PRICE_SHARE,
    sql`${priceShareFrom(caller)}
        WHERE ap.parent_agent_id = ${caller.agentId}${andInTree('ap.top_id', caller)} AND ap.policy_id = ${policyId}
        ORDER BY ap.id DESC LIMIT 200`,
  );
  return {
    ...received,
    history: await priceShareHistoryOf(db, caller.agentId, policyId, caller),
    children: children.map((r) => withoutId(toPriceShareItem(r))),
  };
}
