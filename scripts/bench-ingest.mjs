// Ingestion of signed transaction notifications (issue 12): the compiled server on a throwaway
// PostgreSQL database (demo data, background jobs off so nothing else competes), driven by
// autocannon with 50 connections, each request a new payment on a bound demo terminal signed
// with HMAC-SHA256. Prints notifications/s, then checks the ingestion stayed exact: every one
// stored once, a replay of 1,000 of them adding nothing, a bad signature refused.
// Usage: npm run bench:ingest (after npm run build). Not a test: it asserts nothing it prints.
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
const COUNT = Number(process.env.BENCH_COUNT ?? 20_000);
const CONNECTIONS = 50;
const SECRET = 'bench-notify-secret-0123456789';
const name = `bench_ingest_${process.pid}`;
const dbUrl = Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString();
const port = 8600 + Math.floor(Math.random() * 300);
const sign = (body) => createHmac('sha256', SECRET).update(body).digest('hex');

const admin = new pg.Client({ connectionString: ADMIN_URL });
await admin.connect();
await admin.query(`CREATE DATABASE ${name}`);

let server;
let pool;
try {
  const prof = process.env.BENCH_CPU_PROF;
  server = spawn(
    process.execPath,
    [...(prof ? ['--cpu-prof', '--cpu-prof-dir', prof] : []), 'apps/server/dist/main.js'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: dbUrl,
        LOG_LEVEL: 'warn',
        BACKGROUND_JOBS: 'false',
        NOTIFY_SECRET: SECRET,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/prod-api/captchaImage`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (i > 600) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  const sns = (
    await pool.query(`SELECT sn FROM terminals WHERE bind_status = 1 ORDER BY id LIMIT 200`)
  ).rows.map((r) => r.sn);
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
  const started = performance.now();
  const result = await fire(bodies);
  const seconds = (performance.now() - started) / 1000;
  const bad = result.non2xx + result.errors;
  console.log(
    `ingested ${Math.round(COUNT / seconds).toLocaleString()} notifications/s` +
      `   p99 ${result.latency.p99} ms${bad ? `   (${bad} failed)` : ''}`,
  );
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
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  server?.kill('SIGTERM');
  if (server) await new Promise((r) => server.once('exit', r));
  await pool?.end();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
}
