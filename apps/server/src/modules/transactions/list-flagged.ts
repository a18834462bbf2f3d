import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { transactions } from '../../db/schema';
import { decode, select } from '../../db/typed';

/** Flagged transactions (kept, not settled), newest first, for the operators. */
export async function listFlagged(db: DbOrTx, q: { cursor?: string; pageSize: number }) {
  const x = transactions;
  const found = await select(
    db,
    {
      id: x.id,
      acquirerTxnId: x.acquirerTxnId,
      sn: x.sn,
      // Only flagged rows are read: never NULL here.
      flag: sql`${x.flag}`.mapWith(decode.text),
      amountFen: x.amountFen,
      tradeTime: x.tradeTime,
    },
    sql`FROM ${x} WHERE ${x.flag} IS NOT NULL ${q.cursor ? sql`AND ${x.id} < ${Number(q.cursor)}` : sql``}
         ORDER BY ${x.id} DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found
    .slice(0, q.pageSize)
    .map((r) => ({ ...r, tradeTime: r.tradeTime.toISOString() }));
  return {
    rows: page,
    nextCursor: found.length > q.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}
