import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { decode, selectOne } from '../../db/typed';

const n = (expr: SQL) => expr.mapWith(decode.number);

export interface LedgerHealth {
  /** Sum of every account's balance, platform accounts included: always 0. */
  globalSumFen: number;
  /** Sum of every line ever posted: always 0. */
  linesSumFen: number;
  /** Agent wallets below zero: always 0. */
  negativeAgentAccounts: number;
  /** Entries whose lines do not sum to zero: always 0. */
  unbalancedEntries: number;
  /** Accounts whose balance differs from the sum of their lines: always 0. */
  balanceMismatches: number;
  /**
   * Refunds and reversals on the settlement queue whose original payment is not settled (not
   * arrived, or not settled yet): 0 once everything has arrived and settled.
   */
  refundsAwaitingOriginal: number;
  /**
   * Fees that counted in their period until an earlier one (by the rule on trade time and the
   * acquirer's id) arrived and took it over; what they paid is reversed by the one that counts.
   */
  feesSuperseded: number;
}

/**
 * The ledger's invariants, checked from scratch, and what settlement still holds apart (refunds
 * waiting for their original, fees superseded in their period) (a full scan: for tests, the benchmark and an
 * operator's audit, not for every request).
 */
export async function ledgerHealth(db: DbOrTx): Promise<LedgerHealth> {
  const r = await selectOne(
    db,
    {
      globalSumFen: n(sql`(SELECT coalesce(sum(balance_fen), 0) FROM ledger_accounts)`),
      linesSumFen: n(sql`(SELECT coalesce(sum(amount_fen), 0) FROM ledger_lines)`),
      negativeAgentAccounts: n(
        sql`(SELECT count(*) FROM ledger_accounts WHERE kind = 'agent' AND balance_fen < 0)`,
      ),
      unbalancedEntries: n(
        sql`(SELECT count(*) FROM (SELECT entry_id FROM ledger_lines GROUP BY entry_id HAVING sum(amount_fen) <> 0) u)`,
      ),
      balanceMismatches: n(sql`(SELECT count(*) FROM ledger_accounts a
             LEFT JOIN (SELECT account_id, sum(amount_fen) AS s FROM ledger_lines GROUP BY account_id) l
               ON l.account_id = a.id
            WHERE a.balance_fen <> coalesce(l.s, 0))`),
      refundsAwaitingOriginal: n(sql`(SELECT count(*) FROM settlement_queue q
             JOIN transactions t ON t.id = q.txn_id AND t.trade_time = q.trade_time
            WHERE t.kind IN (2, 3)
              AND NOT EXISTS (SELECT 1 FROM transaction_keys k JOIN settlements s ON s.txn_id = k.txn_id
                               WHERE k.acquirer_txn_id = t.orig_acquirer_txn_id))`),
      feesSuperseded: n(sql`(SELECT count(*) FROM fee_supersessions)`),
    },
    sql``,
  );
  // One row of aggregates without GROUP BY: always there.
  if (!r) throw new Error('ledger health read no row');
  return r;
}
