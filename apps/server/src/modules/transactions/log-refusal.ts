import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/** Keeps a refused notification (bad signature, malformed body) for the operators. */
export async function logNotifyRefusal(
  db: DbOrTx,
  entry: { outcome: string; acquirerTxnId: string | null; remoteIp: string; detail: string },
) {
  await db.execute(sql`
    INSERT INTO notify_log (outcome, acquirer_txn_id, remote_ip, detail)
    VALUES (${entry.outcome}, ${entry.acquirerTxnId?.slice(0, 64) ?? null}, ${entry.remoteIp}, ${entry.detail.slice(0, 500)})`);
}
