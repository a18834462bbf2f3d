import { ACTIVATED_BIND_STATUS, NON_TRADE_TOTAL_TYPES, TRADE_PAYMENT_KIND } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { decode, selectOne } from '../../db/typed';
import { shanghaiDaySql } from '../../lib/shanghai-dates';

/**
 * The rollups the figures are read from, and their definitions over the base tables (core's
 * FIGURES says what each figure counts):
 *
 * | rollup                | written by (in the event's own transaction)                     |
 * |-----------------------|------------------------------------------------------------------|
 * | agent_daily_stats     | settlement (trade volume and count), merchant sign-up           |
 * |                       | (createMerchant), activation (checkActivation)                   |
 * | agent_monthly_stats   | agent_daily_stats' triggers                                       |
 * | terminal_daily_volume | settlement                                                        |
 * | agent_daily_earnings  | the ledger lines' trigger                                         |
 * | terminal_stock_counts | the terminals' triggers (allocation, recall, binding, import …)  |
 *
 * Nothing else writes figures: the demo seed writes base tables and rebuilds from them.
 * rebuildRollups recomputes every rollup from its base tables, rollupDrift counts the rows where
 * a rollup and its base tables disagree (the ledger health endpoint reports it).
 */

const SHANGHAI_DAY = shanghaiDaySql;
const nonTrade = () => sql.raw(NON_TRADE_TOTAL_TYPES.join(', '));
const payment = () => sql.raw(String(TRADE_PAYMENT_KIND));

/** FIGURES.tradeAmount and tradeCount per merchant's direct agent and trade day. */
export const tradeByAgentDaySql = (): SQL => sql`
  SELECT t.agent_id, ${SHANGHAI_DAY(sql`t.trade_time`)} AS day,
         sum(CASE WHEN t.kind = ${payment()} THEN t.amount_fen ELSE -t.amount_fen END) AS a,
         count(*) FILTER (WHERE t.kind = ${payment()}) AS c, 0::bigint AS n, 0::bigint AS t
    FROM transactions t JOIN settlements s ON s.txn_id = t.id
   WHERE t.agent_id IS NOT NULL AND t.total_type NOT IN (${nonTrade()})
   GROUP BY 1, 2`;

/** FIGURES.newMerchants per merchant's direct agent and sign-up day. */
export const merchantsByAgentDaySql = (): SQL => sql`
  SELECT m.agent_id, ${SHANGHAI_DAY(sql`m.created_at`)} AS day,
         0::bigint AS a, 0::bigint AS c, count(*) AS n, 0::bigint AS t
    FROM merchants m GROUP BY 1, 2`;

/** FIGURES.activatedTerminals per merchant's direct agent and activation day. */
export const activationsByAgentDaySql = (): SQL => sql`
  SELECT m.agent_id, ${SHANGHAI_DAY(sql`t.activated_at`)} AS day,
         0::bigint AS a, 0::bigint AS c, 0::bigint AS n, count(*) AS t
    FROM terminals t JOIN merchants m ON m.id = t.merchant_id
   WHERE t.bind_status = ${sql.raw(String(ACTIVATED_BIND_STATUS))} AND t.activated_at IS NOT NULL
   GROUP BY 1, 2`;

/** agent_daily_stats as the base tables say it: (agent_id, top_id, day, a, c, n, t). */
const expectedDailySql = (): SQL => sql`
  SELECT u.agent_id, ag.top_id, u.day, sum(u.a) AS a, sum(u.c) AS c, sum(u.n) AS n, sum(u.t) AS t
    FROM (${tradeByAgentDaySql()} UNION ALL ${merchantsByAgentDaySql()} UNION ALL ${activationsByAgentDaySql()}) u
    JOIN agents ag ON ag.id = u.agent_id
   WHERE ag.top_id IS NOT NULL
   GROUP BY u.agent_id, ag.top_id, u.day`;

/** terminal_daily_volume as the base tables say it. */
const expectedVolumeSql = (): SQL => sql`
  SELECT t.terminal_id, ${SHANGHAI_DAY(sql`t.trade_time`)} AS day, max(t.merchant_id) AS merchant_id,
         max(t.agent_id) AS agent_id, max(t.top_id) AS top_id,
         sum(CASE WHEN t.kind = ${payment()} THEN t.amount_fen ELSE -t.amount_fen END) AS volume_fen,
         sum(CASE WHEN t.card_type IN (1, 2) THEN CASE WHEN t.kind = ${payment()} THEN t.amount_fen ELSE -t.amount_fen END ELSE 0 END) AS card_volume_fen,
         count(*) FILTER (WHERE t.kind = ${payment()}) AS trade_count
    FROM transactions t JOIN settlements s ON s.txn_id = t.id
   WHERE t.terminal_id IS NOT NULL AND t.total_type NOT IN (${nonTrade()})
   GROUP BY 1, 2`;

/** agent_daily_earnings as the ledger lines say it. */
const expectedEarningsSql = (): SQL => sql`
  SELECT agent_id, ${SHANGHAI_DAY(sql`created_at`)} AS day, info_type, max(top_id) AS top_id,
         sum(amount_fen) AS amount_fen, count(*) AS line_count
    FROM ledger_lines WHERE agent_id IS NOT NULL GROUP BY 1, 2, 3`;

/** terminal_stock_counts as the terminals say it. */
const expectedStockSql = (): SQL => sql`
  SELECT holder_path, brand_id, bind_status, count(*) AS n
    FROM terminals WHERE deleted_at IS NULL GROUP BY 1, 2, 3`;

export interface RollupRebuild {
  agentDailyStats: number;
  agentMonthlyStats: number;
  terminalDailyVolume: number;
  agentDailyEarnings: number;
  terminalStockCounts: number;
}

const count = async (db: DbOrTx, table: string) =>
  (
    await selectOne(
      db,
      { n: sql`count(*)`.mapWith(decode.number) },
      sql`FROM ${sql.identifier(table)}`,
    )
  )?.n ?? 0;

const n = (expr: SQL) => expr.mapWith(decode.number);

/**
 * Recomputes every rollup from its base tables, one rollup per database transaction. Each takes
 * an exclusive lock on its rollup first, so the events that write it (each in one transaction
 * with its base rows) wait and then add to the rebuilt figures: none is lost or counted twice.
 * Inside `tx` (the demo seed) it runs in that transaction instead.
 */
export async function rebuildRollups(db: Db, inTx?: DbOrTx): Promise<RollupRebuild> {
  const step = async <T>(work: (tx: DbOrTx) => Promise<T>): Promise<T> =>
    inTx ? work(inTx) : db.transaction((tx) => work(tx));

  await step(async (tx) => {
    await tx.execute(sql`LOCK TABLE agent_daily_stats IN EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM agent_daily_stats`);
    await tx.execute(sql`
      INSERT INTO agent_daily_stats (agent_id, top_id, day, trade_amount_fen, trade_count, new_merchants, activated_terminals)
      SELECT agent_id, top_id, day, a, c, n, t FROM (${expectedDailySql()}) e ORDER BY agent_id, day`);
    // The monthly rows follow by trigger; rebuilt outright so no month of zeros stays behind.
    await tx.execute(sql`SELECT agent_monthly_stats_rebuild()`);
  });
  await step(async (tx) => {
    await tx.execute(sql`LOCK TABLE terminal_daily_volume IN EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM terminal_daily_volume`);
    await tx.execute(sql`
      INSERT INTO terminal_daily_volume (terminal_id, day, merchant_id, agent_id, top_id, volume_fen, card_volume_fen, trade_count)
      SELECT * FROM (${expectedVolumeSql()}) e ORDER BY terminal_id, day`);
  });
  await step(async (tx) => {
    await tx.execute(sql`LOCK TABLE agent_daily_earnings IN EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM agent_daily_earnings`);
    await tx.execute(sql`
      INSERT INTO agent_daily_earnings (agent_id, day, info_type, top_id, amount_fen, line_count)
      SELECT agent_id, day, info_type, top_id, amount_fen, line_count FROM (${expectedEarningsSql()}) e
       ORDER BY agent_id, day, info_type`);
  });
  await step(async (tx) => {
    // Terminal moves keep the counts by trigger: holding the terminals still while counting.
    await tx.execute(sql`LOCK TABLE terminals IN SHARE MODE`);
    await tx.execute(sql`LOCK TABLE terminal_stock_counts IN EXCLUSIVE MODE`);
    await tx.execute(sql`DELETE FROM terminal_stock_counts`);
    await tx.execute(sql`
      INSERT INTO terminal_stock_counts (holder_path, brand_id, bind_status, n)
      SELECT * FROM (${expectedStockSql()}) e ORDER BY 1, 2, 3`);
  });
  const read = inTx ?? db;
  return {
    agentDailyStats: await count(read, 'agent_daily_stats'),
    agentMonthlyStats: await count(read, 'agent_monthly_stats'),
    terminalDailyVolume: await count(read, 'terminal_daily_volume'),
    agentDailyEarnings: await count(read, 'agent_daily_earnings'),
    terminalStockCounts: await count(read, 'terminal_stock_counts'),
  };
}

/** Rows of each rollup that differ from what its base tables say (0 everywhere when healthy). */
export interface RollupDrift {
  agentDailyStats: number;
  agentMonthlyStats: number;
  terminalDailyVolume: number;
  agentDailyEarnings: number;
  terminalStockCounts: number;
}

/**
 * Compares every rollup with its base tables, row by row (a missing row and a row of zeros are
 * the same). A full scan: for the health endpoint, the tests and an operator's audit.
 */
export async function rollupDrift(db: DbOrTx): Promise<RollupDrift> {
  const r = await selectOne(
    db,
    {
      agentDailyStats:
        n(sql`(SELECT count(*) FROM e FULL JOIN agent_daily_stats d ON d.agent_id = e.agent_id AND d.day = e.day
            WHERE coalesce(e.a, 0) <> coalesce(d.trade_amount_fen, 0) OR coalesce(e.c, 0) <> coalesce(d.trade_count, 0)
               OR coalesce(e.n, 0) <> coalesce(d.new_merchants, 0) OR coalesce(e.t, 0) <> coalesce(d.activated_terminals, 0))`),
      agentMonthlyStats: n(sql`(SELECT count(*) FROM (
              SELECT e.agent_id, date_trunc('month', e.day::timestamp)::date AS month,
                     sum(e.a) AS a, sum(e.c) AS c, sum(e.n) AS n, sum(e.t) AS t
                FROM e GROUP BY 1, 2) em
             FULL JOIN agent_monthly_stats m ON m.agent_id = em.agent_id AND m.month = em.month
            WHERE coalesce(em.a, 0) <> coalesce(m.trade_amount_fen, 0) OR coalesce(em.c, 0) <> coalesce(m.trade_count, 0)
               OR coalesce(em.n, 0) <> coalesce(m.new_merchants, 0) OR coalesce(em.t, 0) <> coalesce(m.activated_terminals, 0)
               OR (m.agent_id IS NOT NULL AND m.path <> (SELECT ag.path FROM agents ag WHERE ag.id = m.agent_id)))`),
      terminalDailyVolume: n(sql`(SELECT count(*) FROM (${expectedVolumeSql()}) ev
             FULL JOIN terminal_daily_volume v ON v.terminal_id = ev.terminal_id AND v.day = ev.day
            WHERE coalesce(ev.volume_fen, 0) <> coalesce(v.volume_fen, 0)
               OR coalesce(ev.card_volume_fen, 0) <> coalesce(v.card_volume_fen, 0)
               OR coalesce(ev.trade_count, 0) <> coalesce(v.trade_count, 0))`),
      agentDailyEarnings: n(sql`(SELECT count(*) FROM (${expectedEarningsSql()}) ee
             FULL JOIN agent_daily_earnings x ON x.agent_id = ee.agent_id AND x.day = ee.day AND x.info_type = ee.info_type
            WHERE coalesce(ee.amount_fen, 0) <> coalesce(x.amount_fen, 0)
               OR coalesce(ee.line_count, 0) <> coalesce(x.line_count, 0))`),
      terminalStockCounts: n(sql`(SELECT count(*) FROM (${expectedStockSql()}) es
             FULL JOIN terminal_stock_counts c
               ON c.holder_path = es.holder_path AND c.brand_id = es.brand_id AND c.bind_status = es.bind_status
            WHERE coalesce(es.n, 0) <> coalesce(c.n, 0))`),
    },
    sql``,
    { with: sql`WITH e AS (${expectedDailySql()})` },
  );
  // Counts without FROM: one row, always.
  if (!r) throw new Error('the rollup drift read no row');
  return r;
}
