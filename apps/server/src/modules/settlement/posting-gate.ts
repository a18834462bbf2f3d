import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

/**
 * The gate of settlement's wallet locks (decision 007): the row of the platform's share_expense
 * account, locked until the batch's transaction ends. A batch takes it before the first wallet
 * it locks: before covering a reversal it stages early (a superseded fee's, a refund's) and
 * before reading the refunds already settled for a payment; a batch that staged none takes it
 * at posting, where the ledger trigger locks the accounts of its lines in id order and this one,
 * a platform account made by the migration, has the smallest id. So however many batches run in
 * parallel, only the gate's holder locks wallets: two batches never hold wallets crosswise (one
 * used to lock a refund's wallets while staging and then wait for this row, which the other held
 * while waiting for those wallets), and a batch that settles a refund sees every refund of its
 * payment that settled before it. Taking it twice in a transaction is harmless.
 */
export async function lockPostingGate(tx: DbOrTx): Promise<void> {
  await tx.execute(
    sql`SELECT id FROM ledger_accounts WHERE agent_id IS NULL AND wallet_type = 'share_expense' FOR UPDATE`,
  );
}
