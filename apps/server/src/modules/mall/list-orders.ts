import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { andInTree } from '../../db/tree';
import { select } from '../../db/typed';
import { ORDER, orderTable as o, toOrders, type Buyer } from './order-row';

/** The buyer's orders, newest first, by state; keyset by id. */
export async function listOrders(
  db: Db,
  buyer: Buyer,
  q: { status?: number; cursor?: string; pageSize: number },
) {
  const found = await select(
    db,
    ORDER,
    sql`FROM mall_orders o WHERE ${o.agentId} = ${buyer.agentId}${andInTree(sql`${o.topId}`, buyer)}
          ${q.status === undefined ? sql`` : sql`AND ${o.status} = ${q.status}`}
          ${q.cursor ? sql`AND ${o.id} < ${Number(q.cursor)}` : sql``}
        ORDER BY ${o.id} DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize);
  return {
    rows: await toOrders(db, buyer, page),
    nextCursor: found.length > q.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}
