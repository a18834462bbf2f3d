import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { NON_TRADE_TOTAL_TYPES } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { ledgerEntries } from '../../db/schema';
import {
  decode,
  select,
  selectOne,
  type RowOf,
  type SelectOptions,
  type Shape,
} from '../../db/typed';
import { translatePostingError } from '../ledger/post-entry';
import { recoverArrears } from '../ledger/recover-arrears';
import { chainOf, pricingValues } from './chain-sql';
import { lockPostingGate } from './posting-gate';
import { stageFeeCollections } from './stage-fees';
import { stageRefunds } from './stage-refunds';
import { ensureWallets } from './staged-lines';

export interface SettleBatchOptions {
  /** Most transactions taken in one batch (one database transaction). */
  batchSize?: number;
  /**
   * For crash tests: called between the steps of a batch inside its database transaction;
   * throwing there rolls the whole batch back, as a killed process would.
   */
  onStep?: (step: 'staged' | 'lines') => void | Promise<void>;
  /** Settle only transactions of these ids (tests); the whole queue otherwise. */
  onlyTxnIds?: readonly number[];
  /**
   * Date the lines at their transactions' trade time instead of now (the demo seed, so its
   * history spreads over its days).
   */
  backdate?: boolean;
}

export interface SettleBatchResult {
  /** Transactions taken from the queue. */
  picked: number;
  /** Transactions settled now (payments, fee collections, refunds). */
  settled: number;
  /**
   * Transactions put back to wait (a refund before its original, a policy not configured, a
   * queue row the batch could not match to its transaction).
   */
  deferred: number;
  /** Earnings lines written (agent shares). */
  lines: number;
  sharesFen: number;
}

/**
 * Settles one batch from the settlement queue, set-based, in one database transaction:
 *
 * 1. take up to batchSize queued transactions (SKIP LOCKED: workers never take the same row);
 * 2. price them: the rate type of the total type, the merchant's rate (as frozen at ingestion),
 *    the policy's standard rate and acquirer cost, the debit-card cap;
 * 3. expand each chain from the merchant's agent path and join every agent's cost, cap cost and
 *    policy version; clamp the rungs and take each gap (window functions over the chain), then
 *    share the price-adjustment income down the chain (a recursive step, only where there is any);
 * 4. stage fee collections and refunds (their splits are computed by the pure functions of core);
 * 5. post one ledger entry for the batch: a line per share on the agent's wallet, with its
 *    explanation, and the platform's side; write each transaction's settlement (the marker whose
 *    primary key refuses a second settlement, with fee, acquirer cost, shares and margin);
 * 6. add the volumes to the daily rollups and delete the queue rows.
 *
 * Killed anywhere before the commit, nothing of the batch remains and the queue still holds it.
 */
export async function settleBatch(
  db: Db,
  opts: SettleBatchOptions = {},
): Promise<SettleBatchResult> {
  const batchSize = opts.batchSize ?? 5000;
  try {
    return await db.transaction(async (tx) => {
      // The batch commits or vanishes as a whole, queue rows included, so a commit that a crash
      // loses is simply settled again: durability can be relaxed for speed.
      await tx.execute(sql`SET LOCAL synchronous_commit = off`);
      await tx.execute(sql`SET LOCAL work_mem = '64MB'`);
      if (process.env.SETTLE_PROFILE === 'explain') {
        // Plans of slow statements to the PostgreSQL log (a superuser's benchmark session only).
        await tx.execute(sql`LOAD 'auto_explain'`);
        await tx.execute(sql`SET LOCAL auto_explain.log_min_duration = 200`);
        await tx.execute(sql`SET LOCAL auto_explain.log_analyze = on`);
        // Buffers, WAL bytes and trigger times of each plan, and the trigger's own statements.
        await tx.execute(sql`SET LOCAL auto_explain.log_buffers = on`);
        await tx.execute(sql`SET LOCAL auto_explain.log_wal = on`);
        await tx.execute(sql`SET LOCAL auto_explain.log_triggers = on`);
        await tx.execute(sql`SET LOCAL auto_explain.log_nested_statements = on`);
      }
      const t = await profiler(tx);
      const { picked, span } = await pick(tx, batchSize, opts.onlyTxnIds);
      if (picked === 0) return { picked: 0, settled: 0, deferred: 0, lines: 0, sharesFen: 0 };
      t('pick');
      await stageTransactions(tx, span);
      // Before anything below takes rows out of s_tx on purpose (refunds given up, unpriced ones).
      const unstaged = await requeueUnstaged(tx, picked);
      t('stage transactions');
      await stageTerms(tx);
      t('terms');
      await stageAdjustmentShares(tx);
      await ensureWallets(tx);
      t('adjustment shares');
      await stageFeeCollections(tx);
      const deferredRefunds = await stageRefunds(tx);
      const deferred = (await deferUnpriced(tx)) + deferredRefunds + unstaged;
      t('fees, refunds');
      await opts.onStep?.('staged');
      // The statements that lock shared rows (wallet balances, daily rollups) come last, so
      // parallel workers hold those locks only for the end of their batch.
      const entryId = await createEntry(tx);
      const { lines, sharesFen, settled } = await postLines(tx, entryId, opts.backdate ?? false);
      t('post lines and settlements');
      await opts.onStep?.('lines');
      // A batch that posted no line (its refunds all wait for their originals, say) holds no
      // gate yet; the rollups and the arrears' receivables and wallets below are locked under it
      // too, or it could hold a receivable a batch holding the gate waits for while waiting for
      // that batch's wallet (decision 007). A batch that posted holds it already.
      await lockPostingGate(tx);
      await addRollups(tx);
      t('rollups');
      if (await anyArrears(tx)) await recoverArrears(tx);
      t('arrears');
      return { picked, settled, deferred, lines, sharesFen };
    });
  } catch (err) {
    throw translatePostingError(err);
  }
}

/** What SETTLE_PROFILE measured of one step, summed over the batches of this process. */
export interface StepProfile {
  /** Wall time, ms. */
  ms: number;
  /** CPU time of the batch's PostgreSQL backend, ms (NaN when the server is not on this machine). */
  pgCpuMs: number;
  batches: number;
}

/** SETTLE_PROFILE's totals per step (the benchmark prints them). */
export const settleProfile = new Map<string, StepProfile>();

/** CPU time (user and system) a process has used, ms, from /proc; NaN where it cannot be read. */
function processCpuMs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After the command name (which may hold spaces): utime and stime, in 1/100 s.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * SETTLE_PROFILE=1 logs how long each step of a batch takes, and how much CPU the batch's
 * PostgreSQL backend spent on it when the server runs on this machine, and adds both to
 * settleProfile (the benchmark uses it).
 */
async function profiler(tx: DbOrTx): Promise<(step: string) => void> {
  if (!process.env.SETTLE_PROFILE) return () => undefined;
  const { pid } = await oneRow(tx, { pid: sql`pg_backend_pid()`.mapWith(decode.number) }, sql``);
  let last = performance.now();
  let lastCpu = processCpuMs(pid);
  return (step: string) => {
    const now = performance.now();
    const cpu = processCpuMs(pid);
    const ms = now - last;
    const pgCpuMs = cpu - lastCpu;
    console.log(
      `  settle step ${step}: ${ms.toFixed(0)} ms` +
        (Number.isNaN(pgCpuMs) ? '' : ` (PostgreSQL CPU ${pgCpuMs.toFixed(0)} ms)`),
    );
    const sum = settleProfile.get(step) ?? { ms: 0, pgCpuMs: 0, batches: 0 };
    settleProfile.set(step, {
      ms: sum.ms + ms,
      pgCpuMs: sum.pgCpuMs + pgCpuMs,
      batches: sum.batches + 1,
    });
    last = now;
    lastCpu = cpu;
  };
}

/**
 * The smallest and largest id and trade time of a batch's transactions, as text PostgreSQL
 * printed: the times in UTC to the microsecond (a JavaScript Date would keep only milliseconds),
 * read back the same whatever the session's date style and time zone.
 */
interface PickSpan {
  lo: string;
  hi: string;
  from: string;
  to: string;
}

/** A count(*) in a shape. */
const count = sql`count(*)`.mapWith(decode.number);

/** The batch's entry (the CTE of createEntry's INSERT … RETURNING id). */
const madeEntry = alias(ledgerEntries, 'made');

/**
 * A read that always returns its one row (an aggregate without GROUP BY, a function call, an
 * INSERT … RETURNING of one row): no row is an error, never read as zeros.
 */
async function oneRow<S extends Shape>(
  tx: DbOrTx,
  shape: S,
  rest: SQL,
  opts?: SelectOptions,
): Promise<RowOf<S>> {
  const row = await selectOne(tx, shape, rest, opts);
  if (!row) throw new Error('settlement: a one-row read returned no row');
  return row;
}

/** ISO 8601 in UTC to the microsecond, for to_char. */
const UTC_MICROS = 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"';

/**
 * Takes queued transactions into s_pick and off the queue (the delete commits with the batch),
 * and tells how many and the span of their ids and trade times.
 */
async function pick(
  tx: DbOrTx,
  batchSize: number,
  only?: readonly number[],
): Promise<{ picked: number; span: PickSpan }> {
  await tx.execute(sql`
    CREATE TEMP TABLE s_pick (txn_id bigint PRIMARY KEY, trade_time timestamptz, attempts integer) ON COMMIT DROP`);
  const filter = only ? sql`AND txn_id = ANY(${sql.param(only)}::bigint[])` : sql``;
  const r = await oneRow(
    tx,
    {
      n: count,
      lo: sql`min(txn_id)::text`.mapWith(decode.textOrNull),
      hi: sql`max(txn_id)::text`.mapWith(decode.textOrNull),
      from: sql`to_char(min(trade_time) AT TIME ZONE 'UTC', ${UTC_MICROS})`.mapWith(
        decode.textOrNull,
      ),
      to: sql`to_char(max(trade_time) AT TIME ZONE 'UTC', ${UTC_MICROS})`.mapWith(
        decode.textOrNull,
      ),
    },
    sql`FROM ins`,
    {
      with: sql`WITH picked AS (
          SELECT txn_id FROM settlement_queue
           WHERE not_before <= now() ${filter}
           ORDER BY txn_id LIMIT ${batchSize}
           FOR UPDATE SKIP LOCKED
        ), gone AS (
          DELETE FROM settlement_queue q USING picked p WHERE q.txn_id = p.txn_id
          RETURNING q.txn_id, q.trade_time, q.attempts
        ), ins AS (INSERT INTO s_pick SELECT * FROM gone RETURNING txn_id, trade_time)`,
    },
  );
  // An empty batch has no span (min and max of no rows are NULL).
  const span = { lo: r.lo ?? '0', hi: r.hi ?? '0', from: r.from ?? '', to: r.to ?? '' };
  return { picked: r.n, span };
}

/**
 * s_tx: the batch's transactions with their pricing. A transaction settled before (which a
 * correct queue never holds) is dropped here, so it can never be paid twice.
 */
async function stageTransactions(tx: DbOrTx, span: PickSpan) {
  // Payments priced by rate get, as core's splitTrade computes them: capped or not, the fee, the
  // acquirer's cost, the rate the direct agent sells at, the ladder's floor and the
  // price-adjustment pool.
  await tx.execute(sql`
    CREATE TEMP TABLE s_tx ON COMMIT DROP AS
    SELECT b.*,
           CASE WHEN b.reported_fee_fen IS NOT NULL THEN b.reported_fee_fen
                WHEN b.capped THEN b.cap_m
                WHEN b.priced THEN (b.amount_fen * b.m + 500000) / 1000000 ELSE 0 END AS fee_fen,
           CASE WHEN b.capped THEN b.cap_q WHEN b.priced THEN (b.amount_fen * b.q + 500000) / 1000000 ELSE 0 END AS acq_fen,
           CASE WHEN NOT b.priced THEN 0::bigint
                ELSE LEAST(CASE WHEN b.capped THEN b.cap_q ELSE b.q END, b.sell_at) END AS floor_at,
           CASE WHEN NOT b.priced THEN 0::bigint
                WHEN b.capped THEN GREATEST(0, b.cap_m - GREATEST(coalesce(b.cap_s, b.cap_m), b.cap_q))
                ELSE b.amount_fen * GREATEST(0, b.m - GREATEST(b.s, b.q)) / 1000000 END AS pool_fen
      FROM (
        SELECT a.*,
               CASE WHEN NOT a.priced THEN 0::bigint
                    WHEN a.capped THEN LEAST(a.cap_m, coalesce(a.cap_s, a.cap_m)) ELSE LEAST(a.m, a.s) END AS sell_at
          FROM (
            SELECT r.*,
                   (r.kind = 1 AND r.rate_type IS NOT NULL AND r.s IS NOT NULL) AS priced,
                   (r.kind = 1 AND r.rate_type IS NOT NULL AND r.s IS NOT NULL AND r.cappable AND r.cap_m IS NOT NULL
                    AND r.cap_q IS NOT NULL AND r.amount_fen * r.m > r.cap_m * 1000000) AS capped
              FROM (
                SELECT t.id, t.trade_time, t.kind, t.total_type, t.card_type, t.amount_fen, t.fee_fen AS reported_fee_fen,
                       t.terminal_id, t.merchant_id, t.agent_id, t.agent_path, t.top_id, t.policy_id, t.orig_txn_id,
                       t.orig_acquirer_txn_id, t.acquirer_txn_id, p.attempts,
                       pricing.rate_type, coalesce(pricing.cappable, false) AS cappable,
                       coalesce(t.merchant_rate_ppm, pr.standard_rate)::bigint AS m,
                       pr.standard_rate::bigint AS s, pr.acquirer_cost::bigint AS q,
                       coalesce(mrc.rate_ppm, prc.standard_rate)::bigint AS cap_m,
                       prc.standard_rate::bigint AS cap_s, prc.acquirer_cost::bigint AS cap_q
                  FROM s_pick p
                  JOIN transactions t ON t.id = p.txn_id AND t.trade_time = p.trade_time
                       -- Always true of a picked row; spelled out so the planner reads the
                       -- batch's id range from the primary key and skips months outside it,
                       -- instead of hashing every transaction of the table.
                       AND t.id BETWEEN ${span.lo}::bigint AND ${span.hi}::bigint
                       AND t.trade_time BETWEEN ${span.from}::timestamptz AND ${span.to}::timestamptz
                  LEFT JOIN ${pricingValues()} ON pricing.total_type = t.total_type
                  LEFT JOIN policy_rates pr ON pr.policy_id = t.policy_id AND pr.rate_type = pricing.rate_type
                  LEFT JOIN policy_rates prc ON pricing.cappable AND prc.policy_id = t.policy_id AND prc.rate_type = 6
                  LEFT JOIN merchant_rates mrc ON pricing.cappable AND mrc.merchant_id = t.merchant_id AND mrc.rate_type = 6
                 WHERE NOT EXISTS (SELECT 1 FROM settlements st WHERE st.txn_id = t.id)
              ) r
          ) a
      ) b`);
  await tx.execute(sql`
    CREATE TEMP TABLE s_lines (
      txn_id bigint NOT NULL, agent_id bigint NOT NULL, top_id bigint, wallet_type text NOT NULL,
      account_id bigint, info_type text NOT NULL, amount_fen bigint NOT NULL, volume_fen bigint, own_cost bigint,
      lower_rate bigint, diff bigint, policy_version integer, reverses_line_id bigint, detail jsonb
    ) ON COMMIT DROP`);
  await tx.execute(sql`ANALYZE s_tx`);
}

/**
 * The terms the batch needs. Trade profit and debit-cap profit of every priced payment (tradeLines). Along each chain, bottom-up, a rung
 * is the agent's cost clamped between the floor and the running minimum of the costs below it
 * (an agent without a cost takes the rung below); the agent earns the gap between the rung below
 * (the sell rate for the direct agent) and its own, times the amount for rates (rounded down).
 */
async function stageTerms(tx: DbOrTx) {
  // The (agent, policy) terms the batch needs, once each, so the chains join a small table.
  await tx.execute(sql`
    CREATE TEMP TABLE s_terms ON COMMIT DROP AS
    SELECT ap.agent_id, ap.policy_id, ap.version,
           max(r.cost) FILTER (WHERE r.rate_type = 1) AS c1, max(r.cost) FILTER (WHERE r.rate_type = 2) AS c2,
           max(r.cost) FILTER (WHERE r.rate_type = 3) AS c3, max(r.cost) FILTER (WHERE r.rate_type = 4) AS c4,
           max(r.cost) FILTER (WHERE r.rate_type = 5) AS c5, max(r.cost) FILTER (WHERE r.rate_type = 6) AS c6
      FROM (SELECT DISTINCT ch.agent_id, x.policy_id
              FROM s_tx x, ${chainOf(sql`x.agent_path`)} ch
             WHERE x.kind = 1) need
      JOIN agent_policies ap ON ap.agent_id = need.agent_id AND ap.policy_id = need.policy_id
      LEFT JOIN agent_policy_rates r ON r.agent_policy_id = ap.id
     GROUP BY ap.agent_id, ap.policy_id, ap.version`);
  await tx.execute(sql`ANALYZE s_terms`);
}

/**
 * The trade profit and debit-cap profit lines of the batch's priced payments, with the columns
 * of s_lines (posted straight from here, never staged).
 */
function tradeLines() {
  return sql`
    SELECT txn_id, agent_id, top_id, 'profit'::text AS wallet_type, NULL::bigint AS account_id,
           CASE WHEN capped THEN 'debit_cap_profit' ELSE 'trade_profit' END AS info_type,
           CASE WHEN capped THEN lower_rate - own_cost ELSE amount_fen * (lower_rate - own_cost) / 1000000 END AS amount_fen,
           amount_fen AS volume_fen, own_cost, lower_rate, lower_rate - own_cost AS diff, version AS policy_version,
           NULL::bigint AS reverses_line_id, NULL::jsonb AS detail
      FROM (
        SELECT x.id AS txn_id, ch.agent_id, x.top_id, x.capped, x.amount_fen, t.version,
               GREATEST(x.floor_at, LEAST(x.sell_at, min(cost) OVER w)) AS own_cost,
               GREATEST(x.floor_at, LEAST(x.sell_at, min(cost) OVER (w ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING))) AS lower_rate
          FROM s_tx x
          CROSS JOIN ${chainOf(sql`x.agent_path`)} ch
          LEFT JOIN s_terms t ON t.agent_id = ch.agent_id AND t.policy_id = x.policy_id
          CROSS JOIN LATERAL (SELECT CASE WHEN x.capped THEN t.c6
                                          ELSE CASE x.rate_type WHEN 1 THEN t.c1 WHEN 2 THEN t.c2 WHEN 3 THEN t.c3
                                                                WHEN 4 THEN t.c4 WHEN 5 THEN t.c5 END END::bigint AS cost) c
         WHERE x.kind = 1 AND x.sell_at > 0
        WINDOW w AS (PARTITION BY x.id ORDER BY ch.level)
      ) ladder
     WHERE lower_rate > own_cost
       AND (capped OR amount_fen * (lower_rate - own_cost) >= 1000000)`;
}

/**
 * Price-adjustment income, from the top down: each agent passes its configured part of what
 * reaches it (rounded down) to its child toward the merchant and keeps the rest; the direct agent
 * keeps all that reaches it. Only transactions with income take this (recursive) step.
 */
async function stageAdjustmentShares(tx: DbOrTx) {
  const any = await oneRow(tx, { n: count }, sql`FROM s_tx WHERE kind = 1 AND pool_fen > 0`);
  if (any.n === 0) return;
  await tx.execute(sql`
    CREATE TEMP TABLE s_adj_chain ON COMMIT DROP AS
    SELECT x.id AS txn_id, ch.agent_id, ch.level, ch.top_level, x.policy_id, x.pool_fen,
           coalesce(ps.pass_ppm, 1000000)::bigint AS pass_ppm
      FROM s_tx x
      CROSS JOIN ${chainOf(sql`x.agent_path`)} ch
      -- The pass of a link is set by the parent for its child (one level down).
      LEFT JOIN price_shares ps ON ps.child_id = ch.child_id AND ps.policy_id = x.policy_id
     WHERE x.kind = 1 AND x.pool_fen > 0`);
  await tx.execute(sql`CREATE INDEX ON s_adj_chain (txn_id, level)`);
  await tx.execute(sql`
    INSERT INTO s_lines (txn_id, agent_id, top_id, wallet_type, info_type, amount_fen, volume_fen, own_cost,
                         lower_rate, diff, policy_version, detail)
    WITH RECURSIVE walk(txn_id, level, reached) AS (
      SELECT txn_id, level, pool_fen FROM s_adj_chain WHERE level = top_level
      UNION ALL
      SELECT c.txn_id, c.level, w.reached * p.pass_ppm / 1000000
        FROM walk w
        JOIN s_adj_chain p ON p.txn_id = w.txn_id AND p.level = w.level
        JOIN s_adj_chain c ON c.txn_id = w.txn_id AND c.level = w.level - 1
       WHERE w.level > 0 AND w.reached > 0
    ), kept AS (
      SELECT w.txn_id, w.level, w.reached,
             w.reached - coalesce(below.reached, 0) AS kept
        FROM walk w LEFT JOIN walk below ON below.txn_id = w.txn_id AND below.level = w.level - 1
    )
    SELECT k.txn_id, c.agent_id, x.top_id, 'profit', 'price_adjust_profit', k.kept, x.amount_fen,
           CASE WHEN x.capped THEN GREATEST(coalesce(x.cap_s, x.cap_m), x.cap_q) ELSE GREATEST(x.s, x.q) END,
           CASE WHEN x.capped THEN x.cap_m ELSE x.m END,
           CASE WHEN x.capped THEN x.cap_m - GREATEST(coalesce(x.cap_s, x.cap_m), x.cap_q) ELSE x.m - GREATEST(x.s, x.q) END,
           t.version,
           jsonb_build_object('reachedFen', k.reached,
                              'keepPpm', CASE WHEN k.level = 0 THEN 1000000 ELSE 1000000 - c.pass_ppm END,
                              'poolFen', x.pool_fen)
      FROM kept k
      JOIN s_adj_chain c ON c.txn_id = k.txn_id AND c.level = k.level
      JOIN s_tx x ON x.id = k.txn_id
      LEFT JOIN s_terms t ON t.agent_id = c.agent_id AND t.policy_id = x.policy_id
     WHERE k.kept > 0`);
}

/**
 * Puts transactions back on the queue to be tried again (after 10 s, doubling each try, up to
 * an hour) and tells how many went back. `source` yields (txn_id, trade_time, attempts) rows; it
 * may be a DELETE ... RETURNING that takes them out of the batch.
 */
async function putBack(tx: DbOrTx, source: SQL): Promise<number> {
  const r = await oneRow(tx, { n: count }, sql`FROM back`, {
    with: sql`WITH src AS (${source}), back AS (
          INSERT INTO settlement_queue (txn_id, trade_time, not_before, attempts)
          SELECT txn_id, trade_time,
                 now() + make_interval(secs => LEAST(3600, 10 * power(2, LEAST(attempts, 9)))), attempts + 1
            FROM src
          ON CONFLICT (txn_id) DO NOTHING RETURNING 1
        )`,
  });
  return r.n;
}

/**
 * Puts back on the queue every picked transaction the batch did not stage and that was never
 * settled (a queue row whose trade time does not match its transaction's, say, or one the picked
 * range missed), so none leaves the queue unsettled. When the batch staged every one it picked,
 * this is a single count.
 */
async function requeueUnstaged(tx: DbOrTx, picked: number): Promise<number> {
  const staged = await oneRow(tx, { n: count }, sql`FROM s_tx`);
  if (staged.n === picked) return 0;
  // With its transaction's own trade time where it has one, so a mismatched row mends.
  return putBack(
    tx,
    sql`SELECT p.txn_id,
               coalesce((SELECT t.trade_time FROM transactions t WHERE t.id = p.txn_id LIMIT 1), p.trade_time) AS trade_time,
               p.attempts
          FROM s_pick p
         WHERE NOT EXISTS (SELECT 1 FROM s_tx x WHERE x.id = p.txn_id)
           AND NOT EXISTS (SELECT 1 FROM settlements st WHERE st.txn_id = p.txn_id)`,
  );
}

/**
 * Payments that cannot be priced (their policy has no rates for the rate type yet) go back to the
 * queue to wait, with a growing delay, instead of being settled at a guess.
 */
function deferUnpriced(tx: DbOrTx): Promise<number> {
  return putBack(
    tx,
    sql`DELETE FROM s_tx WHERE kind = 1 AND total_type NOT IN (8, 9) AND (rate_type IS NULL OR s IS NULL)
        RETURNING id AS txn_id, trade_time, attempts`,
  );
}

/**
 * The batch's entry. The wallets its lines need were made before the gate (ensureWallets): one
 * made here, under it, could wait for a batch inserting the same wallet while that one waits for
 * the gate.
 */
async function createEntry(tx: DbOrTx): Promise<number> {
  const entry = await oneRow(tx, { id: madeEntry.id }, sql`FROM made`, {
    with: sql`WITH made AS (
        INSERT INTO ledger_entries (idem_key, reason, memo)
        VALUES (${`settle-batch:${randomUUID()}`}, 'trade_settlement',
                (SELECT count(*) || ' transactions' FROM s_tx))
        RETURNING id)`,
  });
  return entry.id;
}

/**
 * Every staged line on its agent's wallet and, per info type, the platform's side, in one
 * statement (its trigger checks the entry balances, moves the balances and adds to the daily
 * earnings).
 */
/**
 * In one statement: every line of the batch (the trade lines computed here and the staged ones)
 * on its wallet and, per info type, the platform's side (the ledger trigger checks the entry
 * balances, moves the balances and adds to the daily earnings), then each transaction's
 * settlement: fee, acquirer cost, shares and the platform's margin.
 */
async function postLines(
  tx: DbOrTx,
  entryId: number,
  backdate: boolean,
): Promise<{ lines: number; sharesFen: number; settled: number }> {
  const createdAt = backdate
    ? sql`coalesce((SELECT x.trade_time FROM s_tx x WHERE x.id = l.txn_id), now())`
    : sql`now()`;
  const r = await oneRow(
    tx,
    {
      n: sql`(SELECT count(*) FROM ins WHERE agent_id IS NOT NULL)`.mapWith(decode.number),
      total: sql`(SELECT coalesce(sum(amount_fen), 0) FROM ins WHERE agent_id IS NOT NULL)`.mapWith(
        decode.number,
      ),
      settled: sql`(SELECT count(*) FROM st)`.mapWith(decode.number),
    },
    sql``,
    {
      with: sql`WITH batch_lines AS (
          ${tradeLines()}
          UNION ALL
          SELECT txn_id, agent_id, top_id, wallet_type, account_id, info_type, amount_fen, volume_fen, own_cost,
                 lower_rate, diff, policy_version, reverses_line_id, detail
            FROM s_lines
        ), ins AS (
          INSERT INTO ledger_lines (entry_id, account_id, agent_id, top_id, amount_fen, info_type, txn_id, volume_fen,
                                    own_cost, lower_rate, diff, policy_version, reverses_line_id, detail, created_at)
          SELECT ${entryId}::bigint, coalesce(l.account_id, a.id),
                 CASE WHEN coalesce(acc.kind, a.kind) = 'agent' THEN l.agent_id END,
                 l.top_id, l.amount_fen, l.info_type, l.txn_id, l.volume_fen, l.own_cost, l.lower_rate, l.diff,
                 l.policy_version, l.reverses_line_id, l.detail, ${createdAt}
            FROM batch_lines l
            LEFT JOIN ledger_accounts a ON l.account_id IS NULL AND a.agent_id = l.agent_id AND a.wallet_type = l.wallet_type
            LEFT JOIN ledger_accounts acc ON acc.id = l.account_id
          UNION ALL
          SELECT ${entryId}::bigint, (SELECT id FROM ledger_accounts WHERE agent_id IS NULL AND wallet_type = 'share_expense'),
                 NULL, NULL, -sum(l.amount_fen), l.info_type, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, now()
            FROM batch_lines l GROUP BY l.info_type HAVING sum(l.amount_fen) <> 0
          RETURNING txn_id, agent_id, amount_fen
        ), sums AS (
          SELECT txn_id, sum(amount_fen) AS shares FROM ins WHERE txn_id IS NOT NULL GROUP BY txn_id
        ), st AS (
          INSERT INTO settlements (txn_id, entry_id, orig_txn_id, amount_fen, fee_fen, acquirer_cost_fen, shares_fen,
                                   margin_fen, capped)
          SELECT x.id, ${entryId}::bigint, x.orig_txn_id, x.amount_fen, x.fee_fen, x.acq_fen, coalesce(s.shares, 0),
                 x.fee_fen - x.acq_fen - coalesce(s.shares, 0), x.capped::integer
            FROM s_tx x LEFT JOIN sums s ON s.txn_id = x.id
          RETURNING 1
        )`,
    },
  );
  return { lines: r.n, sharesFen: r.total, settled: r.settled };
}

/** Fees collected from merchants are not trade (core's NON_TRADE_TOTAL_TYPES). */
const NON_TRADE = sql.raw(NON_TRADE_TOTAL_TYPES.join(', '));

/**
 * Own figures of the merchant's direct agent per Asia/Shanghai day (the team feature's
 * agent_daily_stats) and each terminal's daily volume (activation and standards read it).
 * Refunds take their amount off the day they happen. Core's FIGURES.tradeAmount and tradeCount
 * define them; stats/rollups.ts recomputes the same from the base tables.
 */

async function addRollups(tx: DbOrTx) {
  await tx.execute(sql`
    INSERT INTO agent_daily_stats AS d (agent_id, top_id, day, trade_amount_fen, trade_count)
    SELECT agent_id, max(top_id), (trade_time AT TIME ZONE 'Asia/Shanghai')::date,
           sum(CASE WHEN kind = 1 THEN amount_fen ELSE -amount_fen END), count(*) FILTER (WHERE kind = 1)
      FROM s_tx WHERE agent_id IS NOT NULL AND total_type NOT IN (${NON_TRADE})
     GROUP BY 1, 3 ORDER BY 1, 3
    ON CONFLICT (agent_id, day) DO UPDATE SET
      trade_amount_fen = d.trade_amount_fen + EXCLUDED.trade_amount_fen,
      trade_count = d.trade_count + EXCLUDED.trade_count`);
  await tx.execute(sql`
    INSERT INTO terminal_daily_volume AS v (terminal_id, day, merchant_id, agent_id, top_id, volume_fen, card_volume_fen, trade_count)
    SELECT terminal_id, (trade_time AT TIME ZONE 'Asia/Shanghai')::date, max(merchant_id), max(agent_id), max(top_id),
           sum(CASE WHEN kind = 1 THEN amount_fen ELSE -amount_fen END),
           sum(CASE WHEN card_type IN (1, 2) THEN CASE WHEN kind = 1 THEN amount_fen ELSE -amount_fen END ELSE 0 END),
           count(*) FILTER (WHERE kind = 1)
      FROM s_tx WHERE terminal_id IS NOT NULL AND total_type NOT IN (${NON_TRADE})
     GROUP BY 1, 2 ORDER BY 1, 2
    ON CONFLICT (terminal_id, day) DO UPDATE SET
      volume_fen = v.volume_fen + EXCLUDED.volume_fen,
      card_volume_fen = v.card_volume_fen + EXCLUDED.card_volume_fen,
      trade_count = v.trade_count + EXCLUDED.trade_count`);
}

async function anyArrears(tx: DbOrTx): Promise<boolean> {
  const found = await select(
    tx,
    { one: sql`1`.mapWith(decode.number) },
    sql`FROM ledger_accounts WHERE wallet_type = 'receivable' AND balance_fen < 0 LIMIT 1`,
  );
  return found.length > 0;
}
