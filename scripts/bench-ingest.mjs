// Ingestion of signed transaction notifications (issue 12): the compiled server on a throwaway
// PostgreSQL database (demo data, background jobs off so nothing else competes), driven by
// autocannon with 50 connections, each request a new payment on a bound demo terminal signed
// with HMAC-SHA256. Prints notifications/s, then checks the ingestion stayed exact: every one
// stored once, a replay of 1,000 of them adding nothing, a bad signature refused.
// Then each acquirer channel protocol (issue 29) on its demo channel: 恒信通 pushes for the 联迪
// terminals and 联动 pushes for the 新大陆 terminals, made by the simulator with the demo keys
// (BENCH_CHANNEL_COUNT each, default 10,000), reported as pushes/s beside the simulated format's.
// Beside each rate, what a push cost whatever else the machine was doing: CPU milliseconds of the
// server and of its PostgreSQL backends, WAL flushes and WAL bytes (the flushes and bytes are the
// whole PostgreSQL cluster's, so other work on it counts too).
// Usage: npm run bench:ingest (after npm run build). Not a test: it asserts nothing it prints.
import { Buffer } from 'node:buffer';
import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, throwawayDatabase } from './bench-support.mjs';

// Enough for a run of several seconds: autocannon notices the last answer on its one-second tick,
// so a short run's rate is off by up to a second's worth.
const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const CONNECTIONS = 50;
const CHANNEL_COUNT = Number(process.env.BENCH_CHANNEL_COUNT ?? 10_000);
const SECRET = 'bench-notify-secret-0123456789';
const sign = (body) => createHmac('sha256', SECRET).update(body).digest('hex');
const database = await throwawayDatabase('bench_ingest');
const dbUrl = database.url;

let server;
let pool;
try {
  server = await startServer(dbUrl, { NOTIFY_SECRET: SECRET });
  const base = server.base;
  pool = new pg.Pool({ connectionString: dbUrl, max: 2, application_name: 'bench' });
  pool.on('error', () => undefined);
  // CPU ticks (1/100 s) a process has used, from /proc; 0 where there is no /proc.
  const ticks = (pid) => {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(f[11]) + Number(f[12]);
    } catch {
      return 0;
    }
  };
  const meter = async () => {
    const backends = await pool.query(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name <> 'bench'`,
    );
    const wal = await pool.query(`SELECT wal_sync, wal_bytes FROM pg_stat_wal`);
    return {
      server: ticks(server.pid),
      pg: new Map(backends.rows.map((r) => [r.pid, ticks(r.pid)])),
      syncs: Number(wal.rows[0].wal_sync),
      bytes: Number(wal.rows[0].wal_bytes),
    };
  };
  // Per push: server CPU ms, PostgreSQL CPU ms (backends alive at both ends), WAL flushes, WAL kB.
  const costOf = async (from, n) => {
    const to = await meter();
    let pgTicks = 0;
    for (const [pid, t] of to.pg) pgTicks += t - (from.pg.get(pid) ?? 0);
    return (
      `   per push: server ${((10 * (to.server - from.server)) / n).toFixed(2)} ms CPU,` +
      ` PostgreSQL ${((10 * pgTicks) / n).toFixed(2)} ms CPU,` +
      ` ${((to.syncs - from.syncs) / n).toFixed(3)} WAL flushes, ${((to.bytes - from.bytes) / n / 1024).toFixed(1)} kB WAL`
    );
  };
  const sns = (
    await pool.query(`SELECT sn FROM terminals WHERE bind_status = 1 ORDER BY id LIMIT 200`)
  ).rows.map((r) => r.sn);
  // The simulated format serves the brands with no channel of their own (issue 29): for its part
  // the demo's brands are taken off their channels, and put back for the channels' part below.
  const brandChannels = (await pool.query(`SELECT channel_id, brand_id FROM channel_brands`)).rows;
  await pool.query(`DELETE FROM channel_brands`);
  const before = Number((await pool.query(`SELECT count(*) FROM transactions`)).rows[0].count);
  const stamp = Date.now().toString(36);
  const bodies = Array.from({ length: COUNT }, (_, i) =>
    JSON.stringify({
      txnId: `BENCH-${stamp}-${i}`,
      kind: 1,
      sn: sns[i % sns.length],
      amountFen: 1_000 + (i % 50_000),
      payType: 1,
      totalType: 1,
      cardType: 1,
      method: 1,
      status: 1,
      tradeTime: new Date().toISOString(),
    }),
  );
  const url = `${base}/prod-api/api/notify/transaction`;
  const fire = (list, signature = sign) => {
    let next = 0;
    return autocannon({
      url,
      connections: Math.min(CONNECTIONS, list.length),
      amount: list.length,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            const body = list[next++ % list.length];
            return {
              ...req,
              body,
              headers: { 'content-type': 'application/json', 'x-signature': signature(body) },
            };
          },
        },
      ],
    });
  };
  console.log(`${COUNT.toLocaleString()} notifications, ${CONNECTIONS} connections\n`);
  const m0 = await meter();
  const started = performance.now();
  const result = await fire(bodies);
  const seconds = (performance.now() - started) / 1000;
  const bad = result.non2xx + result.errors;
  console.log(
    `ingested ${Math.round(COUNT / seconds).toLocaleString()} notifications/s` +
      `   p99 ${result.latency.p99} ms${bad ? `   (${bad} failed)` : ''}`,
  );
  console.log(await costOf(m0, COUNT));
  const stored = async () =>
    Number((await pool.query(`SELECT count(*) FROM transactions`)).rows[0].count) - before;
  console.log(`stored once each: ${(await stored()) === COUNT ? 'yes' : `no (${await stored()})`}`);
  const replay = await fire(bodies.slice(0, 1_000));
  console.log(
    `replay of 1,000 answered ${replay['2xx']} times, stored now: ${(await stored()).toLocaleString()}`,
  );
  const forged = await fire(
    [JSON.stringify({ ...JSON.parse(bodies[0]), txnId: `FORGED-${stamp}` })],
    () => 'ab'.repeat(32),
  );
  console.log(
    `bad signature refused: ${forged.non2xx === 1 ? 'yes' : 'no'}, stored now: ${(await stored()).toLocaleString()}`,
  );
  const simulatedRate = COUNT / seconds;
  for (const b of brandChannels)
    await pool.query(`INSERT INTO channel_brands (channel_id, brand_id) VALUES ($1, $2)`, [
      b.channel_id,
      b.brand_id,
    ]);
  console.log('\nper channel protocol (pushes/s, and as a share of the simulated format above)');
  for (const [protocol, code, prefix] of [
    ['hengxintong', 'hengxintong', 'LD'],
    ['liandong', 'liandong', 'XN'],
  ]) {
    const channelSns = (
      await pool.query(
        `SELECT sn FROM terminals WHERE bind_status = 1 AND sn LIKE $1 ORDER BY id LIMIT 200`,
        [`${prefix}%`],
      )
    ).rows.map((r) => r.sn);
    const file = path.join(tmpdir(), `bench-${protocol}-${process.pid}.jsonl`);
    execFileSync(
      process.execPath,
      [
        'node_modules/tsx/dist/cli.mjs',
        'apps/server/scripts/channel-pushes.ts',
        protocol,
        String(CHANNEL_COUNT),
        `${stamp}${protocol.slice(0, 2)}`,
        file,
        channelSns.join(','),
      ],
      { stdio: 'inherit' },
    );
    const pushes = readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    rmSync(file);
    const beforeChannel = await stored();
    let next = 0;
    const m1 = await meter();
    const t0 = performance.now();
    const r = await autocannon({
      url: `${base}/prod-api/api/notify/channel/${code}`,
      connections: CONNECTIONS,
      amount: pushes.length,
      method: 'POST',
      requests: [
        {
          setupRequest: (req) => {
            const p = pushes[next++ % pushes.length];
            return { ...req, body: Buffer.from(p.body, 'base64'), headers: p.headers };
          },
        },
      ],
    });
    const rate = pushes.length / ((performance.now() - t0) / 1000);
    const added = (await stored()) - beforeChannel;
    console.log(
      `${protocol.padEnd(12)} ${Math.round(rate).toLocaleString()} pushes/s` +
        `   ${Math.round((100 * rate) / simulatedRate)}% of simulated   p99 ${r.latency.p99} ms` +
        `   stored ${added.toLocaleString()} of ${pushes.length.toLocaleString()}` +
        `${r.non2xx + r.errors ? `   (${r.non2xx + r.errors} failed)` : ''}`,
    );
    console.log(await costOf(m1, pushes.length));
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await pool?.end();
  await database.drop();
}
