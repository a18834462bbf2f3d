import {
  CREDIT_DEDUCTION_WALLETS,
  creditDueBy,
  creditSchedule,
  planCreditDeduction,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { creditDeductions, creditSales, ledgerAccounts } from '../../db/schema';
import { select, selectOne } from '../../db/typed';
import { agentAccountId } from '../../db/ledger-accounts';
import { postEntry } from '../ledger/post-entry';
import { runJob, type JobOutcome, type JobResult } from '../../db/job-runs';
import { shanghaiDay } from '../../lib/periods';

const BATCH = 200;
const cs = alias(creditSales, 's');

export interface DeductOptions {
  signal?: AbortSignal;
  /**
   * Called inside a sale's transaction after its posting, before its deduction is recorded: a
   * test throws here to stand for a crash between the two writes (both are rolled back).
   */
  afterPosting?: (saleId: number) => void | Promise<void>;
}

/** The ledger key of one sale's deduction on one day: posted once, whatever re-runs. */
export const creditEntryKey = (saleId: number, day: string) => `credit:${saleId}:${day}`;

/**
 * One sale's deduction for `day`, in one transaction: the sale and the accounts it touches are
 * locked (in id order, as every posting locks them), what is due by the day and not yet paid is
 * taken from the buyer's earnings wallets largest first, never below zero, and credited to the
 * seller's profit wallet in one ledger entry (货款代扣 on the buyer's lines, 货款回款 on the
 * seller's); the day's deduction row and the sale's paid total are written with it. A shortfall
 * stays owed and is due again the next day. The (sale, day) row and the entry key make a second
 * attempt on the same day change nothing. Returns the fen taken, or null when nothing was due.
 */
async function deductSale(
  db: Db,
  saleId: number,
  day: string,
  opts: DeductOptions,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const s = await selectOne(
      tx,
      {
        topId: creditSales.topId,
        sellerAgentId: creditSales.sellerAgentId,
        buyerAgentId: creditSales.buyerAgentId,
        totalFen: creditSales.totalFen,
        paidFen: creditSales.paidFen,
        instalments: creditSales.instalments,
        firstDay: creditSales.firstDay,
        status: creditSales.status,
      },
      sql`FROM credit_sales WHERE ${creditSales.id} = ${saleId} FOR UPDATE`,
    );
    if (!s || s.status !== 'active' || s.firstDay === null) return null;
    const done = await selectOne(
      tx,
      { id: creditDeductions.id },
      sql`FROM credit_deductions WHERE ${creditDeductions.saleId} = ${saleId} AND ${creditDeductions.day} = ${day}::date`,
    );
    if (done) return null;
    const { totalFen, paidFen } = s;
    const schedule = creditSchedule(totalFen, s.instalments, s.firstDay.slice(0, 10));
    const dueFen = creditDueBy(schedule, paidFen, day);
    if (dueFen === 0) return null;
    const buyerId = s.buyerAgentId;
    const sellerAccount = await agentAccountId(tx, s.sellerAgentId, 'profit');
    const locked = await select(
      tx,
      {
        id: ledgerAccounts.id,
        agentId: ledgerAccounts.agentId,
        walletType: ledgerAccounts.walletType,
        balanceFen: ledgerAccounts.balanceFen,
      },
      sql`FROM ledger_accounts
           WHERE id = ${sellerAccount}
              OR (agent_id = ${buyerId} AND kind = 'agent'
                  AND wallet_type = ANY(${sql.param([...CREDIT_DEDUCTION_WALLETS])}::text[]))
           ORDER BY id FOR UPDATE`,
    );
    const wallets = locked.filter((w) => w.agentId === buyerId && w.id !== sellerAccount);
    const takes = planCreditDeduction(
      wallets.map((w) => ({ walletType: w.walletType, balanceFen: w.balanceFen })),
      dueFen,
    );
    const amountFen = takes.reduce((a, t) => a + t.amountFen, 0);
    let entryId: number | null = null;
    if (amountFen > 0) {
      const accountOf = new Map(wallets.map((w) => [w.walletType, w.id]));
      const detail = { saleId, day, dueFen };
      const posted = await postEntry(tx, {
        idemKey: creditEntryKey(saleId, day),
        reason: 'credit_deduction',
        memo: `货款代扣 #${saleId}`,
        lines: [
          ...takes.map((t) => ({
            accountId: accountOf.get(t.walletType)!,
            amountFen: -t.amountFen,
            infoType: 'credit_deduction',
            detail,
          })),
          { accountId: sellerAccount, amountFen, infoType: 'credit_repayment', detail },
        ],
      });
      entryId = posted.entryId;
    }
    await opts.afterPosting?.(saleId);
    await tx.execute(
      sql`INSERT INTO credit_deductions (sale_id, top_id, day, due_fen, amount_fen, entry_id)
          VALUES (${saleId}, ${s.topId}, ${day}::date, ${dueFen}, ${amountFen}, ${entryId})`,
    );
    if (amountFen > 0) {
      await tx.execute(
        sql`UPDATE credit_sales
               SET paid_fen = paid_fen + ${amountFen},
                   status = CASE WHEN paid_fen + ${amountFen} = total_fen THEN 'settled' ELSE status END,
                   updated_at = now()
             WHERE id = ${saleId}`,
      );
    }
    return amountFen;
  });
}

/**
 * Every active sale's deduction for `day` (Asia/Shanghai), oldest sale first, each in its own
 * transaction, so a crash leaves every sale either deducted for the day or not touched, and the
 * next run deducts exactly the ones left. Paused, cancelled and settled sales are skipped.
 * Stops between two sales once the signal is aborted (the run is then unfinished).
 */
export async function deductCreditDay(
  db: Db,
  day: string,
  opts: DeductOptions = {},
): Promise<JobOutcome> {
  let processed = 0;
  let postedFen = 0;
  let after = [0, -32768];
  for (;;) {
    // Oldest operation first; on a chain the deepest hop first, so what the receiver pays its
    // seller can pay that seller's own debt up the chain the same day.
    const due = await select(
      db,
      { id: cs.id, operationId: cs.operationId, hop: cs.hop },
      sql`FROM credit_sales s
           WHERE s.status = 'active' AND s.first_day <= ${day}::date AND s.paid_fen < s.total_fen
             AND (s.operation_id, -s.hop) > (${after[0]}::bigint, ${after[1]}::integer)
             AND NOT EXISTS (SELECT 1 FROM credit_deductions d WHERE d.sale_id = s.id AND d.day = ${day}::date)
           ORDER BY s.operation_id, s.hop DESC LIMIT ${BATCH}`,
    );
    for (const { id: saleId, operationId, hop } of due) {
      if (opts.signal?.aborted) return { processed, postedFen, unfinished: true };
      after = [operationId, -hop];
      const taken = await deductSale(db, saleId, day, opts);
      if (taken !== null) {
        processed += 1;
        postedFen += taken;
      }
    }
    if (due.length < BATCH) return { processed, postedFen };
  }
}

/**
 * The daily deduction as a job: the day's period in job_runs (claimed by one process at a time),
 * run again each slot of `everyMs` so sales accepted later in the day are deducted that day too;
 * each sale is deducted once per day whatever the number of runs.
 */
export function runCreditJob(
  db: Db,
  now: Date = new Date(),
  day: string = shanghaiDay(now),
  opts: DeductOptions & { everyMs?: number } = {},
): Promise<JobResult> {
  return runJob(db, 'credit_deduction', day, () => deductCreditDay(db, day, opts), {
    repeatable: true,
    everyMs: opts.everyMs,
  });
}
