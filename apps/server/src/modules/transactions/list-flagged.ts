import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';

const n = (v: unknown) => Number(v);

/** Flagged transactions (kept, not settled), newest first, for the operators. */
export async function listFlagged(db: DbOrTx, q: { cursor?: string; pageSize: number }) {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id, acquirer_txn_id, sn, flag, amount_fen, trade_time FROM transactions
         WHERE flag IS NOT NULL ${q.cursor ? sql`AND id < ${Number(q.cursor)}` : sql``}
         ORDER BY id DESC LIMIT ${q.pageSize + 1}`,
  );
  const page = found.slice(0, q.pageSize).map((r) => ({
    id: n(r.id),
    acquirerTxnId: String(r.acquirer_txn_id),
    sn: String(r.sn),
    flag: String(r.flag),
    amountFen: n(r.amount_fen),
    tradeTime: new Date(r.trade_time as string).toISOString(),
  }));
  return {
    rows: page,
    nextCursor: found.length > q.pageSize ? String(page[page.length - 1]!.id) : null,
  };
}
