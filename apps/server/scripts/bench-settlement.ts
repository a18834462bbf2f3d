/**
 * Settlement benchmark on PostgreSQL (npm run bench:settlement -w @pos/server).
 *
 * In a throwaway database it creates (and drops at the end): a 10-level tree of 10,000 agents
 * under one top agent, a product policy with every rate type, terms for every agent (costs rising
 * down the tree, price-adjustment shares on some links), 100,000 bound terminals of as many
 * merchants (a fifth with raised rates, so price-adjustment income flows), and 1,000,000
 * transactions (every total type of the spec, debit cards with the cap, realistic amounts, 1%
 * refunds of earlier payments). Then it:
 *
 * 1. settles everything end to end, as the server does (set-based SQL in batches), and reports
 *    transactions per second;
 * 2. copies the very rows settlement wrote (ledger lines, settlements, entries, rollups) into
 *    empty tables of the same shape and indexes with COPY, the floor for writing those results,
 *    and reports the ratio;
 * 3. checks the ledger (global sum zero, no wallet below zero, every entry balanced);
 * 4. measures ingestion through the signed notification endpoint over HTTP.
 *
 * Options: --transactions N --terminals N --agents N --levels N --batch N --workers N
 *          --ingest N (notifications sent over HTTP) --concurrency N --keep (keep the database)
 * Database: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test
 * (an administrative connection used to create the throwaway database).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, rows, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { settleBatch, settleProfile } from '../src/modules/settlement/settle-batch';
import { hmacSign } from '../src/lib/signature';

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const flag = (name: string) => args.includes(`--${name}`);
const N_TXN = opt('transactions', 1_000_000);
const N_TERM = opt('terminals', 100_000);
const N_AGENT = opt('agents', 10_000);
const LEVELS = opt('levels', 10);
const BATCH = opt('batch', 25_000);
const WORKERS = opt('workers', 2);
const N_INGEST = opt('ingest', 20_000);
const CONCURRENCY = opt('concurrency', 32);
const adminUrl =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  'postgres://postgres@127.0.0.1:5432/test';
const dbName = `pos_bench_${randomBytes(3).toString('hex')}`;
const dbUrl = (() => {
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
})();

const log = (...parts: unknown[]) =>
  console.log(`[bench ${(performance.now() / 1000).toFixed(1)}s]`, ...parts);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

async function timed<T>(label: string, fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const t0 = performance.now();
  const value = await fn();
  const ms = performance.now() - t0;
  log(`${label}: ${(ms / 1000).toFixed(2)} s`);
  return { ms, value };
}

/**
 * CPU seconds each PostgreSQL backend of the benchmark database (or each of `pids`) has used so
 * far, user and system, from /proc (the server runs on this machine); empty where that cannot be
 * read. On a machine shared with other work, wall time moves with the load; the CPU a statement
 * costs much less.
 */
async function backendCpu(pids?: readonly number[]): Promise<Map<number, number>> {
  const cpu = new Map<number, number>();
  try {
    const list: readonly number[] =
      pids ??
      (await admin(async (c) => {
        const r = await c.query<{ pid: number }>(
          'SELECT pid FROM pg_stat_activity WHERE datname = $1',
          [dbName],
        );
        return r.rows.map((x) => Number(x.pid));
      }));
    for (const pid of list) {
      // Fields after the command name (which may hold spaces): utime and stime are 14th and 15th.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      cpu.set(pid, (Number(fields[11]) + Number(fields[12])) / 100);
    }
  } catch {
    cpu.clear();
  }
  return cpu;
}

/**
 * CPU seconds the backends used between two readings, each against its own earlier reading (a
 * backend that started in between counts from zero; one that ended in between is lost). NaN when
 * /proc could not be read.
 */
function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  if (after.size === 0) return Number.NaN;
  let s = 0;
  for (const [pid, cpu] of after) s += cpu - (before.get(pid) ?? 0);
  return s;
}

/** The tree, the policy, terms, merchants, terminals and transactions, all generated in SQL. */
async function generate(database: Database) {
  const db = database.db;
  // Level sizes grow geometrically so the tree has LEVELS levels and N_AGENT agents in all.
  let base = 2;
  for (let lo = 1.01, hi = 50, k = 0; k < 60; k++) {
    base = (lo + hi) / 2;
    const total = Array.from({ length: LEVELS }, (_, l) =>
      Math.max(1, Math.round(base ** l)),
    ).reduce((a, b) => a + b, 0);
    if (total > N_AGENT) hi = base;
    else lo = base;
  }
  const sizes = Array.from({ length: LEVELS }, (_, l) => Math.max(1, Math.round(base ** l)));
  sizes[LEVELS - 1]! += N_AGENT - sizes.reduce((a, b) => a + b, 0);
  log('tree level sizes', sizes.join(' / '));
  await database.exec(`
    CREATE TEMP TABLE bench_levels (level int, n int);
    INSERT INTO bench_levels VALUES ${sizes.map((n, l) => `(${l}, ${n})`).join(',')};
    SELECT setseed(0.42);
  `);
  await database.exec(`
    CREATE SEQUENCE bench_mobile_seq;
    DO $$
    DECLARE lvl int; cnt int;
    BEGIN
      INSERT INTO agents (mobile, password_hash, name, path, depth, top_id, level, invite_code)
      VALUES ('16600000000', 'x', 'bench top', '/', 0, NULL, 3, 'B0000000');
      UPDATE agents SET path = '/' || id || '/', top_id = id WHERE mobile = '16600000000';
      FOR lvl IN 1..${LEVELS - 1} LOOP
        SELECT n INTO cnt FROM bench_levels WHERE level = lvl;
        INSERT INTO agents (mobile, password_hash, name, parent_id, path, depth, top_id, level, invite_code)
        SELECT '166' || lpad((nextval('bench_mobile_seq'))::text, 8, '0'), 'x', 'bench agent', p.id, p.path, lvl, p.top_id, 1,
               'B' || lpad(currval('bench_mobile_seq')::text, 7, '0')
          FROM generate_series(1, cnt) g
          CROSS JOIN LATERAL (
            SELECT id, path, top_id FROM agents WHERE depth = lvl - 1 AND role = 'agent' AND mobile LIKE '166%'
             ORDER BY random() + g * 0 LIMIT 1) p;
        UPDATE agents SET path = path || id || '/' WHERE depth = lvl AND mobile LIKE '166%' AND path NOT LIKE '%/' || id || '/';
      END LOOP;
    END $$;
  `);
  const [tree] = await rows<{ n: unknown; maxdepth: unknown }>(
    db,
    sql`SELECT count(*) AS n, max(depth) AS maxdepth FROM agents WHERE mobile LIKE '166%'`,
  );
  log(`agents: ${tree!.n}, deepest level ${Number(tree!.maxdepth) + 1}`);

  await database.exec(`
    INSERT INTO brands (name, models) VALUES ('Bench', ARRAY['B1']);
    INSERT INTO policies (brand_id, name, service_fee_options_fen, comm_fee_options_fen)
    SELECT id, 'Bench policy', '[0, 9900]', '[0, 3600]' FROM brands WHERE name = 'Bench';
    INSERT INTO policy_rates (policy_id, rate_type, standard_rate, min_rate, max_rate, acquirer_cost)
    SELECT p.id, r.t, r.s, r.s, r.s + 4000, r.q FROM policies p,
      (VALUES (1, 6000, 3800), (2, 3800, 1500), (3, 3800, 1500), (4, 6300, 3800), (5, 6500, 3800), (6, 2500, 1000)) r(t, s, q)
     WHERE p.name = 'Bench policy';
    -- Terms: every agent's cost is its parent's plus a little, so each level keeps a margin.
    CREATE TEMP TABLE bench_cost AS
    WITH RECURSIVE t AS (
      SELECT a.id, a.path, a.top_id, a.parent_id, a.depth, 4000 + (random() * 40)::int AS c FROM agents a WHERE a.mobile = '16600000000'
      UNION ALL
      SELECT a.id, a.path, a.top_id, a.parent_id, a.depth, t.c + 20 + (random() * 20)::int FROM agents a JOIN t ON a.parent_id = t.id
    ) SELECT * FROM t;
    INSERT INTO agent_policies (agent_id, policy_id, agent_path, top_id, parent_agent_id, activation_reward_fen, opened_by, version)
    SELECT c.id, p.id, c.path, c.top_id, c.parent_id, 0, coalesce(c.parent_id, c.id), 1 + (c.id % 3)
      FROM bench_cost c, policies p WHERE p.name = 'Bench policy';
    INSERT INTO agent_policy_rates (agent_policy_id, agent_id, policy_id, rate_type, cost, min_rate, max_rate)
    SELECT ap.id, ap.agent_id, ap.policy_id, r.t,
           CASE WHEN r.t = 6 THEN 1200 + c.depth * 20 ELSE c.c - 4000 + r.base END, 0, 1000000
      FROM agent_policies ap JOIN bench_cost c ON c.id = ap.agent_id
      CROSS JOIN (VALUES (1, 4000), (2, 1700), (3, 1700), (4, 4000), (5, 4000), (6, 0)) r(t, base);
    INSERT INTO price_shares (child_id, policy_id, parent_id, child_path, top_id, pass_ppm, updated_by)
    SELECT c.id, p.id, c.parent_id, c.path, c.top_id, 500000 + (random() * 500000)::int, c.parent_id
      FROM bench_cost c, policies p WHERE p.name = 'Bench policy' AND c.parent_id IS NOT NULL AND random() < 0.3;
  `);
  await database.exec(`
    CREATE TEMP TABLE bench_owner AS
    SELECT row_number() OVER () AS k, id, path, top_id FROM (SELECT id, path, top_id FROM agents WHERE mobile LIKE '166%' ORDER BY id) a;
    INSERT INTO merchants (merchant_no, name, legal_name, mobile, agent_id, agent_path, top_id)
    SELECT 'BM' || g, 'Bench merchant ' || g, 'Bench', '13700000000', o.id, o.path, o.top_id
      FROM generate_series(1, ${N_TERM}) g
      JOIN bench_owner o ON o.k = 1 + (hashint4(g) & 2147483647) % ${N_AGENT};
    INSERT INTO merchant_rates (merchant_id, rate_type, rate_ppm, policy_id, agent_id, top_id)
    SELECT m.id, r.t, r.s + 300, p.id, m.agent_id, m.top_id
      FROM merchants m, policies p, (VALUES (1, 6000), (3, 3800)) r(t, s)
     WHERE p.name = 'Bench policy' AND m.merchant_no LIKE 'BM%' AND m.id % 5 = 0;
    INSERT INTO terminals (sn, brand_id, model, policy_id, holder_agent_id, holder_path, top_id, bind_status, merchant_id,
                           bound_at, activated_at)
    SELECT 'BSN' || lpad(m.id::text, 9, '0'), b.id, 'B1', p.id, m.agent_id, m.agent_path, m.top_id, 3, m.id,
           now() - interval '200 days', now() - interval '190 days'
      FROM merchants m, brands b, policies p
     WHERE m.merchant_no LIKE 'BM%' AND b.name = 'Bench' AND p.name = 'Bench policy';
    ANALYZE;
  `);
  const refunds = Math.floor(N_TXN / 100);
  const payments = N_TXN - refunds;
  // Transactions as ingestion stores them, with their queue rows, loaded in bulk (ingestion
  // through the endpoint is measured separately below).
  await database.exec(`
    SELECT ledger_ensure_partitions((now() AT TIME ZONE 'Asia/Shanghai')::date - 40, (now() AT TIME ZONE 'Asia/Shanghai')::date + 40);
    CREATE TEMP TABLE bench_term AS SELECT row_number() OVER (ORDER BY t.id) AS k, t.id, t.sn, t.merchant_id, t.policy_id,
           m.agent_id, m.agent_path, m.top_id FROM terminals t JOIN merchants m ON m.id = t.merchant_id WHERE t.sn LIKE 'BSN%';
    INSERT INTO transactions (id, acquirer_txn_id, kind, sn, terminal_id, merchant_id, agent_id, agent_path, top_id, policy_id,
                              pay_type, total_type, card_type, method, status, amount_fen, merchant_rate_ppm, trade_time)
    SELECT g, 'BT' || g, 1, t.sn, t.id, t.merchant_id, t.agent_id, t.agent_path, t.top_id, t.policy_id,
           x.pay_type, x.total_type, x.card_type, x.method, 1,
           -- Amounts: mostly small card payments, some large ones (debit ones hit the cap).
           CASE WHEN h % 10 = 0 THEN 500000 + (h % 5000000) ELSE 1000 + (h % 300000) END,
           NULL,
           now() - make_interval(secs => (h % (20 * 86400)))
      FROM generate_series(1, ${payments}) g
      CROSS JOIN LATERAL (SELECT (hashint4(g) & 2147483647) AS h) hh
      JOIN bench_term t ON t.k = 1 + (hashint4(g * 7 + 1) & 2147483647) % ${N_TERM}
      CROSS JOIN LATERAL (SELECT * FROM (VALUES
          (0, 1, 1, 1, 1), (1, 1, 2, 2, 1), (2, 1, 1, 1, 1), (3, 5, 4, 0, 3), (4, 3, 4, 0, 3),
          (5, 1, 3, 1, 2), (6, 4, 7, 1, 1), (7, 1, 5, 1, 1), (8, 1, 6, 2, 1), (9, 2, 4, 0, 3))
        v(slot, pay_type, total_type, card_type, method) WHERE v.slot = (h / 7) % 10) x;
    INSERT INTO transactions (id, acquirer_txn_id, kind, orig_acquirer_txn_id, orig_txn_id, sn, terminal_id, merchant_id,
                              agent_id, agent_path, top_id, policy_id, pay_type, total_type, card_type, method, status,
                              amount_fen, trade_time)
    SELECT ${payments} + g, 'BR' || g, CASE WHEN g % 4 = 0 THEN 3 ELSE 2 END, o.acquirer_txn_id, o.id, o.sn, o.terminal_id,
           o.merchant_id, o.agent_id, o.agent_path, o.top_id, o.policy_id, o.pay_type, o.total_type, o.card_type, o.method, 1,
           CASE WHEN g % 4 = 0 THEN o.amount_fen ELSE o.amount_fen / 2 END, o.trade_time + interval '1 hour'
      FROM generate_series(1, ${refunds}) g
      JOIN transactions o ON o.id = 1 + (hashint4(g * 13) & 2147483647) % ${payments} AND o.kind = 1;
    SELECT setval('transactions_id_seq', ${N_TXN + 1});
    INSERT INTO transaction_keys (acquirer_txn_id, txn_id, trade_time) SELECT acquirer_txn_id, id, trade_time FROM transactions;
    INSERT INTO settlement_queue (txn_id, trade_time) SELECT id, trade_time FROM transactions ORDER BY id;
    ANALYZE;
  `);
  const [count] = await rows<{ n: unknown; refunds: unknown }>(
    db,
    sql`SELECT count(*) AS n, count(*) FILTER (WHERE kind <> 1) AS refunds FROM transactions`,
  );
  log(
    `transactions: ${fmt(Number(count!.n))} (${fmt(Number(count!.refunds))} refunds/reversals), terminals ${fmt(N_TERM)}`,
  );
}

/** Settles the whole queue with WORKERS connections taking batches in parallel. */
async function settleAll(url: string): Promise<{
  ms: number;
  settled: number;
  lines: number;
  batches: number;
  pgCpu: number;
  nodeCpu: number;
}> {
  const workers: Database[] = [];
  for (let w = 0; w < WORKERS; w++) workers.push(await openDatabase({ databaseUrl: url }));
  let settled = 0;
  let lines = 0;
  let batches = 0;
  const cpu0 = await backendCpu();
  const node0 = process.cpuUsage();
  const t0 = performance.now();
  let lastLog = t0;
  await Promise.all(
    workers.map(async (worker) => {
      for (;;) {
        let r;
        try {
          r = await settleBatch(worker.db, { batchSize: BATCH });
        } catch (err) {
          // Two batches crediting the same wallets can deadlock; PostgreSQL aborts one, which is
          // simply retried (nothing of it was written).
          if (
            /deadlock/i.test(
              String((err as Error).message) + String((err as { cause?: Error }).cause?.message),
            )
          )
            continue;
          throw err;
        }
        if (r.picked === 0) {
          // Refunds wait for their originals; stop only when nothing is queued at all.
          const [left] = await rows<{ n: unknown }>(
            worker.db,
            sql`SELECT count(*) AS n FROM settlement_queue`,
          );
          if (Number(left!.n) === 0) break;
          await new Promise((res) => setTimeout(res, 100));
          continue;
        }
        settled += r.settled;
        lines += r.lines;
        batches += 1;
        if (r.deferred === r.picked) await new Promise((res) => setTimeout(res, 200));
        if (performance.now() - lastLog > 10_000) {
          lastLog = performance.now();
          log(`  settled ${fmt(settled)} (${fmt((settled / (lastLog - t0)) * 1000)}/s)`);
        }
      }
    }),
  );
  const ms = performance.now() - t0;
  const pgCpu = cpuBetween(cpu0, await backendCpu());
  const node = process.cpuUsage(node0);
  for (const w of workers) await w.close();
  return { ms, settled, lines, batches, pgCpu, nodeCpu: (node.user + node.system) / 1e6 };
}

/** COPY of the rows settlement wrote into empty tables of the same shape: the floor. */
async function copyFloor(): Promise<{ ms: number; rowsCopied: number; pgCpu: number }> {
  const dir = '/tmp/pos-bench-copy';
  mkdirSync(dir, { recursive: true });
  chmodSync(dir, 0o777);
  const tables = [
    'ledger_lines',
    'settlements',
    'ledger_entries',
    'agent_daily_earnings',
    'agent_daily_stats',
    'terminal_daily_volume',
  ];
  let ms = 0;
  let rowsCopied = 0;
  let pgCpu = 0;
  const conn = new pg.Client({ connectionString: dbUrl });
  await conn.connect();
  try {
    const pid = Number(
      (await conn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
    );
    await conn.query('SET synchronous_commit = off');
    for (const t of tables) {
      const file = `${dir}/${dbName}_${t}.copy`;
      await conn.query(`COPY (SELECT * FROM ${t}) TO '${file}'`);
      await conn.query(`CREATE TABLE floor_${t} (LIKE ${t} INCLUDING ALL)`);
      const cpu0 = await backendCpu([pid]);
      const t0 = performance.now();
      const r = await conn.query(`COPY floor_${t} FROM '${file}'`);
      const took = performance.now() - t0;
      pgCpu += cpuBetween(cpu0, await backendCpu([pid]));
      ms += took;
      rowsCopied += r.rowCount ?? 0;
      log(`  COPY ${t}: ${fmt(r.rowCount ?? 0)} rows in ${(took / 1000).toFixed(2)} s`);
      await conn.query(`DROP TABLE floor_${t}`);
      rmSync(file, { force: true });
    }
  } finally {
    await conn.end();
  }
  return { ms, rowsCopied, pgCpu };
}

/**
 * The earnings lines COPYed into ledger_lines itself, under new ids, in one database transaction
 * rolled back at the end: the floor of writing them with the ledger's own trigger (every entry
 * balances, the balances move, the daily earnings add up) and into an index already holding as
 * many lines, as settlement's later batches write. Settlement writes its lines batch by batch, so
 * this is a floor, not a replay.
 */
async function ledgerCopyFloor(): Promise<{ ms: number; rowsCopied: number; pgCpu: number }> {
  const cols =
    'entry_id, account_id, agent_id, top_id, amount_fen, info_type, txn_id, volume_fen, own_cost, lower_rate, diff, ' +
    'policy_version, reverses_line_id, detail, created_at';
  const file = `/tmp/pos-bench-copy/${dbName}_ledger_lines_trigger.copy`;
  const conn = new pg.Client({ connectionString: dbUrl });
  await conn.connect();
  try {
    const pid = Number(
      (await conn.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid,
    );
    await conn.query(
      `COPY (SELECT id + 1000000000000 AS id, ${cols} FROM ledger_lines ORDER BY id) TO '${file}'`,
    );
    await conn.query('BEGIN');
    await conn.query('SET LOCAL synchronous_commit = off');
    await conn.query(`SET LOCAL work_mem = '64MB'`);
    const cpu0 = await backendCpu([pid]);
    const t0 = performance.now();
    const r = await conn.query(`COPY ledger_lines (id, ${cols}) FROM '${file}'`);
    const ms = performance.now() - t0;
    const pgCpu = cpuBetween(cpu0, await backendCpu([pid]));
    await conn.query('ROLLBACK');
    log(
      `  COPY ledger_lines into the ledger itself, its trigger on (rolled back): ${fmt(r.rowCount ?? 0)} rows in ${(ms / 1000).toFixed(2)} s`,
    );
    return { ms, rowsCopied: r.rowCount ?? 0, pgCpu };
  } finally {
    await conn.end();
    rmSync(file, { force: true });
  }
}

/** Signed notifications over HTTP to the real server, CONCURRENCY in flight. */
async function ingest(database: Database): Promise<{ ms: number; ok: number; duplicates: number }> {
  const config = {
    ...loadConfig({}),
    databaseUrl: dbUrl,
    logLevel: 'error',
    webDist: '/nonexistent',
    backgroundJobs: false,
    captchaEnabled: false,
  };
  const app = await buildApp({ database, config, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const terms = await rows<{ sn: string }>(
    database.db,
    sql`SELECT sn FROM terminals WHERE sn LIKE 'BSN%' ORDER BY id LIMIT 5000`,
  );
  let next = 0;
  let ok = 0;
  let duplicates = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (;;) {
        const i = next++;
        if (i >= N_INGEST) return;
        // Every tenth notification repeats an earlier one: the duplicate must change nothing.
        const id = i % 10 === 9 ? `HI${i - 1}` : `HI${i}`;
        const body = JSON.stringify({
          txnId: id,
          sn: terms[i % terms.length]!.sn,
          amountFen: 1000 + ((i * 7919) % 500000),
          payType: 1,
          totalType: 1 + (i % 7),
          cardType: i % 7 === 3 ? 0 : 1,
          method: 1,
          status: 1,
          tradeTime: new Date().toISOString(),
        });
        const res = await fetch(`${address}/prod-api/api/notify/transaction`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-signature': hmacSign(body, config.notifySecret),
          },
          body,
        });
        const json = (await res.json()) as { code: number; data?: { duplicate: boolean } };
        if (json.code === 200) {
          ok += 1;
          if (json.data?.duplicate) duplicates += 1;
        } else throw new Error(`notification refused: ${JSON.stringify(json)}`);
      }
    }),
  );
  const ms = performance.now() - t0;
  await app.close();
  return { ms, ok, duplicates };
}

async function main() {
  log(`creating ${dbName}`);
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  let database: Database | undefined;
  try {
    database = await openDatabase({ databaseUrl: dbUrl });
    await migrate(database);
    await timed('generate data', () => generate(database!));
    log(
      `load average before settling: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    const settle = await settleAll(dbUrl);
    const tps = (settle.settled / settle.ms) * 1000;
    log(
      `settled ${fmt(settle.settled)} transactions in ${(settle.ms / 1000).toFixed(1)} s with ${WORKERS} workers, ` +
        `${settle.batches} batches of up to ${fmt(BATCH)}: ${fmt(tps)} transactions/s, ${fmt(settle.lines)} earnings lines`,
    );
    const health = await ledgerHealth(database.db);
    const [queue] = await rows<{ n: unknown }>(
      database.db,
      sql`SELECT count(*) AS n FROM settlement_queue`,
    );
    log('ledger health', JSON.stringify(health), `queue left: ${queue!.n}`);
    if (
      health.globalSumFen !== 0 ||
      health.negativeAgentAccounts !== 0 ||
      health.unbalancedEntries !== 0 ||
      health.balanceMismatches !== 0
    ) {
      throw new Error('ledger invariants broken');
    }
    // Each batch's backend measured by the batch itself (SETTLE_PROFILE) is the surer figure: a
    // worker's idle connection may close before the end reading.
    let stepMs = 0;
    let stepCpuMs = 0;
    for (const p of settleProfile.values()) {
      stepMs += p.ms;
      stepCpuMs += p.pgCpuMs;
    }
    const settlePgCpu = settleProfile.size > 0 ? stepCpuMs / 1000 : settle.pgCpu;
    if (settleProfile.size > 0)
      console.log('\nwhere settlement spends its time (SETTLE_PROFILE, both workers):');
    for (const [step, p] of settleProfile) {
      console.log(
        `  ${step.padEnd(28)} ${(p.ms / 1000).toFixed(1).padStart(7)} s worker time (${((p.ms / stepMs) * 100).toFixed(0).padStart(2)}%)` +
          (Number.isNaN(p.pgCpuMs) ? '' : `, PostgreSQL CPU ${(p.pgCpuMs / 1000).toFixed(1)} s`),
      );
    }
    const floor = await copyFloor();
    const ledgerFloor = await ledgerCopyFloor();
    log(`COPY floor: ${fmt(floor.rowsCopied)} result rows in ${(floor.ms / 1000).toFixed(1)} s`);
    const ing = await ingest(database);
    const ingestRate = (ing.ok / ing.ms) * 1000;
    console.log('\n=== settlement benchmark ===');
    console.log(
      `transactions settled : ${fmt(settle.settled)} over ${fmt(N_TERM)} terminals, ${fmt(N_AGENT)} agents in ${LEVELS} levels`,
    );
    console.log(
      `settlement time      : ${(settle.ms / 1000).toFixed(1)} s  (${WORKERS} workers, batches of ${fmt(BATCH)})`,
    );
    console.log(`throughput           : ${fmt(tps)} transactions/s`);
    console.log(
      `result rows written  : ${fmt(floor.rowsCopied)} (${fmt(settle.lines)} earnings lines)`,
    );
    console.log(`COPY of those rows   : ${(floor.ms / 1000).toFixed(1)} s`);
    console.log(`ratio to COPY floor  : ${(settle.ms / floor.ms).toFixed(2)}x`);
    console.log(
      `COPY into the ledger : ${(ledgerFloor.ms / 1000).toFixed(1)} s for ${fmt(ledgerFloor.rowsCopied)} lines through its trigger ` +
        `(PostgreSQL CPU ${Number.isNaN(ledgerFloor.pgCpu) ? 'n/a' : `${ledgerFloor.pgCpu.toFixed(1)} s`})`,
    );
    const cpu = (s: number) => (Number.isNaN(s) ? 'n/a' : `${s.toFixed(1)} s`);
    console.log(
      `PostgreSQL CPU       : settlement ${cpu(settlePgCpu)} (${WORKERS} backends), COPY ${cpu(floor.pgCpu)}, ` +
        `ratio ${(settlePgCpu / floor.pgCpu).toFixed(2)}x; settlement's Node side ${cpu(settle.nodeCpu)}`,
    );
    console.log(
      `load average         : ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    console.log(
      `ingestion (HTTP)     : ${fmt(ingestRate)} signed notifications/s (${fmt(ing.ok)} sent, ${fmt(ing.duplicates)} duplicates, ${CONCURRENCY} in flight)`,
    );
  } finally {
    await database?.close();
    if (!flag('keep'))
      await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
    else log(`kept database ${dbName}`);
  }
}

await main();
