// The rankings at 100,000 agents (issue 32): the compiled server on a throwaway PostgreSQL
// database (demo data), with 100,000 agents added under the demo top agent in ten levels and a
// month of their daily rollups (agent_daily_stats, which keeps agent_monthly_stats by its
// triggers, and agent_daily_earnings) up to today; then GET /prod-api/api/ag/rank/list for each
// metric and period: first one request alone, which finds no board and computes it from the
// rollups (what a reader waits when a board has aged out and the rank-boards job has not yet
// computed it again), then autocannon with a few connections after a short warm-up, reading the
// kept board. Prints the computing read's time, req/s and the median (p50) and p99 latency.
// Usage: npm run bench:rank (after npm run build). Not a test: it asserts nothing.
import autocannon from 'autocannon';
import pg from 'pg';
import { demoToken, startServer, throwawayDatabase } from './bench-support.mjs';

const AGENTS = Number(process.env.BENCH_AGENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const WARM_UP_SECONDS = 1;
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 4);
/** Agents at each depth below the demo top, as a share of AGENTS: ten levels in all. */
const SHARES = [0.02, 0.06, 0.1, 0.14, 0.16, 0.16, 0.14, 0.1, 0.07, 0.05];

/** A small seeded generator, so every run builds the same tree. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const database = await throwawayDatabase('bench_rank');
let server;
try {
  server = await startServer(database.url, { CAPTCHA_ENABLED: 'false', LOGIN_IP_MAX: '100000' });
  const token = await demoToken(server.base);
  const db = new pg.Client({ connectionString: database.url });
  await db.connect();

  const t0 = performance.now();
  const { rows: tops } = await db.query(
    `SELECT id, path, (SELECT max(id) FROM agents) AS max_id FROM agents WHERE mobile = '13800000001'`,
  );
  const top = { id: Number(tops[0].id), path: tops[0].path };
  const random = rng(7);
  let next = Number(tops[0].max_id) + 1;
  let previous = [top];
  const all = [];
  for (const [i, share] of SHARES.entries()) {
    const count = i === SHARES.length - 1 ? AGENTS - all.length : Math.round(AGENTS * share);
    const level = [];
    for (let k = 0; k < count; k++) {
      // A skewed choice of parent: some agents build big teams, most build small ones.
      const parent = previous[Math.floor(random() ** 2 * previous.length)];
      const id = next++;
      level.push({ id, parentId: parent.id, path: `${parent.path}${id}/`, depth: i + 1 });
    }
    all.push(...level);
    previous = level;
  }
  for (let i = 0; i < all.length; i += 10_000) {
    const batch = all.slice(i, i + 10_000);
    await db.query(
      `INSERT INTO agents (id, mobile, password_hash, name, parent_id, path, depth, top_id, invite_code)
       SELECT u.id, (16000000000 + u.id)::text, 'x', '代理' || u.id, u.parent_id, u.path, u.depth, $5, 'R' || u.id
         FROM unnest($1::bigint[], $2::bigint[], $3::text[], $4::int[]) AS u(id, parent_id, path, depth)`,
      [
        batch.map((a) => a.id),
        batch.map((a) => a.parentId),
        batch.map((a) => a.path),
        batch.map((a) => a.depth),
        top.id,
      ],
    );
  }
  await db.query(
    `SELECT setval(pg_get_serial_sequence('agents', 'id'), (SELECT max(id) FROM agents))`,
  );
  // This month up to today (Asia/Shanghai): each agent trades on about a third of the days.
  const today = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
  const first = `${today.slice(0, 7)}-01`;
  const days = `SELECT a.id, a.top_id, d::date AS day,
                       abs(hashtext(a.id::text || ':' || d::date::text))::bigint AS h
                  FROM agents a CROSS JOIN generate_series($1::date, $2::date, interval '1 day') d
                 WHERE a.id >= $3`;
  await db.query(
    `INSERT INTO agent_daily_stats (agent_id, top_id, day, trade_amount_fen, trade_count, new_merchants, activated_terminals)
     SELECT id, top_id, day, 10000 + h % 2000000, 1 + h % 40, 0, CASE WHEN h % 13 = 0 THEN 1 + h % 3 ELSE 0 END
       FROM (${days}) x WHERE h % 3 = 0 ON CONFLICT DO NOTHING`,
    [first, today, all[0].id],
  );
  await db.query(
    `INSERT INTO agent_daily_earnings (agent_id, day, info_type, top_id, amount_fen, line_count)
     SELECT id, day, 'trade_profit', top_id, 100 + h % 50000, 1 + h % 20
       FROM (${days}) x WHERE h % 3 = 1 ON CONFLICT DO NOTHING`,
    [first, today, all[0].id],
  );
  await db.query('ANALYZE');
  const { rows: counts } = await db.query(
    `SELECT (SELECT count(*) FROM agents WHERE top_id = $1) AS agents,
            (SELECT count(*) FROM agent_daily_stats WHERE top_id = $1) AS daily,
            (SELECT count(*) FROM agent_daily_earnings WHERE top_id = $1) AS earnings`,
    [top.id],
  );
  await db.end();
  console.log(
    `tree of ${Number(counts[0].agents).toLocaleString()} agents, ` +
      `${Number(counts[0].daily).toLocaleString()} daily rows, ` +
      `${Number(counts[0].earnings).toLocaleString()} earnings rows ` +
      `(built in ${((performance.now() - t0) / 1000).toFixed(1)} s); ` +
      `${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up, ` +
      `PostgreSQL at ${database.host}\n`,
  );

  const headers = { authorization: `Bearer ${token}` };
  for (const metric of ['volume', 'activations', 'earnings', 'teamVolume']) {
    for (const period of ['day', 'week', 'month']) {
      const url = `${server.base}/prod-api/api/ag/rank/list?metric=${metric}&period=${period}`;
      const started = performance.now();
      const cold = await fetch(url, { headers });
      if (!cold.ok) throw new Error(`${url}: HTTP ${cold.status}`);
      await cold.json();
      const computeMs = performance.now() - started;
      await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
      });
      const bad = result.non2xx + result.errors;
      console.log(
        `${`${metric} / ${period}`.padEnd(24)} computed in ${computeMs.toFixed(0).padStart(5)} ms ${result.requests.average.toFixed(1).padStart(8)} req/s` +
          `   p50 ${String(result.latency.p50).padStart(5)} ms   p99 ${String(result.latency.p99).padStart(5)} ms` +
          `${bad ? `   (${bad} failed)` : ''}`,
      );
    }
  }
} finally {
  await server?.stop();
  await database.drop();
}
