import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from './client';
import { feePeriodSql } from '../lib/periods';

/**
 * The fee that counts in a period (decision 007), shared by ingestion and by an operator
 * attaching a flagged fee, so both follow one rule: an acquirer's collection before the jobs'
 * own (SF-/CF-), then the earliest trade time, then the acquirer's id.
 */

/** A fee collection made by the jobs themselves (the activation deposit, the yearly SIM fee). */
export const JOB_FEE_SQL = (col: string) =>
  sql.raw(`coalesce(${col} LIKE 'SF-%' OR ${col} LIKE 'CF-%', false)`);

/**
 * True unless a successful fee's amount is none of its policy's options (policy row `fp`, joined
 * only for fees).
 */
export function feeOptionOkSql(feeOk: SQL, feeKind: SQL, amount: SQL): SQL {
  return sql`(NOT ${feeOk} OR fp.id IS NULL
              OR (CASE WHEN ${feeKind} = 'service_fee' THEN fp.service_fee_options_fen ELSE fp.comm_fee_options_fen END)
                 @> to_jsonb(${amount}))`;
}

/**
 * Serialises everyone who may take a fee period of these terminals (by SN and kind), until the
 * caller's transaction ends: a transaction-scoped advisory lock per key, taken in one order so two
 * callers never wait on each other crosswise. Taken before the statement that reads and takes the
 * periods, so that statement's snapshot holds every earlier taker's commit: what it reads as the
 * counting fee is the row its upsert acts on, and the fee it displaces is the one recorded.
 */
export async function lockFeePeriods(
  tx: DbOrTx,
  keys: readonly { sn: string; feeKind: string }[],
): Promise<void> {
  const list = [...new Set(keys.map((k) => `fee_period:${k.feeKind}:${k.sn}`))];
  if (list.length === 0) return;
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(s.h)
      FROM (SELECT DISTINCT hashtextextended(k, 0) AS h FROM unnest(${sql.param(list)}::text[]) AS k ORDER BY 1) s`);
}

/**
 * The CTEs that take fee periods, to follow a CTE `src` with a row per transaction and the
 * columns txn_id, acq (the acquirer's id), trade_time, amount, fee_kind, fee_ok (a successful
 * fee collection), option_ok (feeOptionOkSql), terminal_id, merchant_id, agent_id, top_id,
 * activated_at, bound_at. Run under lockFeePeriods. They yield:
 * - fee: the periods taken (txn_id counts now): a fee takes its period when none counted or it
 *   ranks before the one that did; of several of one period in src only the first may;
 * - superseded / superseded_flag: the one that counted gives way, recorded in fee_supersessions
 *   (settlement reverses what it paid) and flagged fee_superseded.
 * A fee of src not in `fee` is a duplicate of its period.
 */
export function feeClaimCtes(): SQL {
  return sql`fee_in AS (
      -- Successful fee collections whose amount is one of the policy's options, with their period
      -- and rank. Of those of one period in this list, only the first.
      SELECT DISTINCT ON (s.terminal_id, s.fee_kind, s.period) s.*
        FROM (SELECT s.*, ${feePeriodSql(sql`s.fee_kind`, sql`s.trade_time`, sql`coalesce(s.activated_at, s.bound_at)`)} AS period,
                     ${JOB_FEE_SQL('s.acq')} AS own
                FROM src s
               WHERE s.fee_ok AND s.merchant_id IS NOT NULL AND s.option_ok) s
       ORDER BY s.terminal_id, s.fee_kind, s.period, s.own, s.trade_time, s.acq COLLATE "C"
    ), fee_before AS (
      -- What counted in those periods (the statement's snapshot, taken under lockFeePeriods, so
      -- the row the upsert below acts on).
      SELECT f.terminal_id, f.kind, f.period_index, f.txn_id, f.amount_fen, f.top_id, f.collected_at
        FROM fee_in n JOIN fee_collections f
             ON f.terminal_id = n.terminal_id AND f.kind = n.fee_kind AND f.period_index = n.period
    ), fee AS (
      -- The period goes to the new collection when it ranks before the one that counted.
      INSERT INTO fee_collections AS f (terminal_id, kind, period_index, amount_fen, merchant_id, agent_id, top_id, txn_id,
                                        collected_at, acquirer_txn_id)
      SELECT n.terminal_id, n.fee_kind, n.period, n.amount, n.merchant_id, n.agent_id, n.top_id, n.txn_id, n.trade_time, n.acq
        FROM fee_in n
       ORDER BY n.terminal_id, n.fee_kind, n.period
      ON CONFLICT (terminal_id, kind, period_index) DO UPDATE
        SET amount_fen = EXCLUDED.amount_fen, merchant_id = EXCLUDED.merchant_id, agent_id = EXCLUDED.agent_id,
            top_id = EXCLUDED.top_id, txn_id = EXCLUDED.txn_id, collected_at = EXCLUDED.collected_at,
            acquirer_txn_id = EXCLUDED.acquirer_txn_id
        WHERE (${JOB_FEE_SQL('EXCLUDED.acquirer_txn_id')}, EXCLUDED.collected_at, EXCLUDED.acquirer_txn_id COLLATE "C")
            < (${JOB_FEE_SQL('f.acquirer_txn_id')}, f.collected_at, coalesce(f.acquirer_txn_id, '') COLLATE "C")
      RETURNING terminal_id, kind, period_index, txn_id
    ), superseded AS (
      -- The one that counted gives way: recorded (settlement reverses what it paid) and flagged.
      INSERT INTO fee_supersessions (txn_id, terminal_id, kind, period_index, amount_fen, top_id, by_txn_id)
      SELECT b.txn_id, b.terminal_id, b.kind, b.period_index, b.amount_fen, b.top_id, fee.txn_id
        FROM fee_before b
        JOIN fee ON fee.terminal_id = b.terminal_id AND fee.kind = b.kind AND fee.period_index = b.period_index
       WHERE b.txn_id IS NOT NULL
      ON CONFLICT (txn_id) DO NOTHING
      RETURNING txn_id
    ), superseded_flag AS (
      UPDATE transactions t SET flag = 'fee_superseded'
        FROM fee_before b
        JOIN fee ON fee.terminal_id = b.terminal_id AND fee.kind = b.kind AND fee.period_index = b.period_index
       WHERE t.id = b.txn_id AND t.trade_time = b.collected_at AND t.flag IS NULL
      RETURNING t.id
    )`;
}
