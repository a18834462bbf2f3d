// Ingestion of signed transaction notifications (issue 12): the compiled server on a throwaway
// PostgreSQL database (demo data, background jobs off so nothing else competes), driven by
// autocannon with 50 connections, each request a new payment on a bound demo terminal signed
// with HMAC-SHA256. Prints notifications/s, then checks the ingestion stayed exact: every one
// stored once, a replay of 1,000 of them adding nothing, a bad signature refused.
// Usage: npm run bench:ingest (after npm run build). Not a test: it asserts nothing it prints.
import { createHmac } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import { startServer, throwawayDatabase } from './bench-support.mjs';

// Enough for a run of several seconds: autocannon notices the last answer on its one-second tick,
// so a short run's rate is off by up to a second's worth.
const COUNT = Number(process.env.BENCH_COUNT ?? 100_000);
const CONNECTIONS = 50;
const SECRET = 'bench-notify-secret-0123456789';
const sign = (body) => createHmac('sha256', SECRET).update(body).digest('hex');
const database = await throwawayDatabase('bench_ingest');
const dbUrl = database.url;

let server;
let pool;
try {
  server = await startServer(dbUrl, { NOTIFY_SECRET: SECRET });
  const base = server.base;
  pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
  pool.on('error', () => undefined);
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
  await server?.stop();
  await pool?.end();
  await database.drop();
}
