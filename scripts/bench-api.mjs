// The API against the bare metal, side by side on this machine (issue 12): the compiled server on
// a throwaway PostgreSQL database answering an authenticated one-row read
// (GET /prod-api/api/ag/my/center/info), and a bare Fastify + pg route reading one row by primary
// key from the same database, each driven by autocannon with 50 connections. Prints both rates
// and their ratio, then the trivial authenticated call (/getInfo) and an unauthenticated one.
// Usage: npm run bench:api (after npm run build). Not a test: it asserts nothing.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import pg from 'pg';
import { demoToken, startServer, throwawayDatabase } from './bench-support.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const database = await throwawayDatabase('bench_api');
const dbUrl = database.url;

let server;
let bare;
let pool;
try {
  server = await startServer(dbUrl, { CAPTCHA_ENABLED: 'false', LOGIN_IP_MAX: '100000' });
  const base = server.base;
  const barePort = server.port + 1;
  const auth = { authorization: `Bearer ${await demoToken(base)}` };

  // The bare route: Fastify and one pg pool, one row by primary key, no auth, no validation.
  pool = new pg.Pool({ connectionString: dbUrl, max: 10 });
  // A connection still closing when the database is dropped at the end is no failure.
  pool.on('error', () => undefined);
  const { rows } = await pool.query(`SELECT id FROM agents WHERE mobile = '13800000001'`);
  const agentId = rows[0].id;
  bare = Fastify();
  bare.get('/bare/:id', async (req) => {
    const r = await pool.query('SELECT id, name, mobile, level FROM agents WHERE id = $1', [
      req.params.id,
    ]);
    return { code: 200, data: r.rows[0] };
  });
  await bare.listen({ port: barePort, host: '127.0.0.1' });

  const run = async (label, url, headers = {}) => {
    const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
    const bad = result.non2xx + result.errors;
    console.log(
      `${label.padEnd(52)} ${Math.round(result.requests.average).toLocaleString().padStart(7)} req/s` +
        `   p99 ${result.latency.p99} ms${bad ? `   (${bad} failed)` : ''}`,
    );
    return result.requests.average;
  };
  console.log(`${CONNECTIONS} connections, ${SECONDS} s each, PostgreSQL at ${database.host}\n`);
  const bareRate = await run(
    'bare Fastify + pg, one row by primary key',
    `http://127.0.0.1:${barePort}/bare/${agentId}`,
  );
  const infoRate = await run(
    'GET /api/ag/my/center/info (authenticated)',
    `${base}/prod-api/api/ag/my/center/info`,
    auth,
  );
  await run('GET /getInfo (authenticated, trivial)', `${base}/prod-api/getInfo`, auth);
  await run('GET /captchaImage (unauthenticated)', `${base}/prod-api/captchaImage`);
  console.log(
    `\nratio of the authenticated one-row read to the bare route: ${(infoRate / bareRate).toFixed(2)}`,
  );
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await server?.stop();
  await bare?.close();
  await pool?.end();
  await database.drop();
}
