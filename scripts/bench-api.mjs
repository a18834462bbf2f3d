// The API against the bare metal, side by side on this machine (issue 12): the compiled server on
// a throwaway PostgreSQL database answering an authenticated one-row read
// (GET /prod-api/api/ag/my/center/info), and a bare Fastify + pg route reading one row by primary
// key from the same database, each in a Node process of its own and driven by autocannon (in this
// process) with 50 connections, each warmed up for 3 s before its measured run. Prints both rates
// and their ratio, the bare read again as a named prepared statement (as the server's read is)
// and the ratio to that, then the trivial authenticated call (/getInfo) and an unauthenticated
// one.
// Usage: npm run bench:api (after npm run build). Not a test: it asserts nothing.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { demoToken, startServer, throwawayDatabase } from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = 50;
const database = await throwawayDatabase('bench_api');
const dbUrl = database.url;

let server;
let bare;
try {
  server = await startServer(dbUrl, { CAPTCHA_ENABLED: 'false', LOGIN_IP_MAX: '100000' });
  const base = server.base;
  const barePort = server.port + 1;
  const auth = { authorization: `Bearer ${await demoToken(base)}` };

  // The bare route (scripts/bench-bare-server.mjs) runs in a process of its own, as the server
  // does, so the two are compared alike: each is one Node process driven over loopback by
  // autocannon in this one. (Run inside this process, next to autocannon, the bare route
  // measured about a tenth faster: no second process to switch to.)
  const lookup = new pg.Client({ connectionString: dbUrl });
  await lookup.connect();
  const { rows } = await lookup.query(`SELECT id FROM agents WHERE mobile = '13800000001'`);
  await lookup.end();
  const agentId = rows[0].id;
  bare = spawn(process.execPath, [path.join(here, 'bench-bare-server.mjs')], {
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(barePort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise((resolve, reject) => {
    bare.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
    bare.once('exit', () => reject(new Error('the bare server did not start')));
  });

  const run = async (label, url, headers = {}) => {
    // Each target is first driven for a few unmeasured seconds, so both sides are compared
    // warm: compiled by the JIT, every pool connection open, every statement prepared.
    await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
    const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers });
    const bad = result.non2xx + result.errors;
    console.log(
      `${label.padEnd(52)} ${Math.round(result.requests.average).toLocaleString().padStart(7)} req/s` +
        `   p99 ${result.latency.p99} ms${bad ? `   (${bad} failed)` : ''}`,
    );
    return result.requests.average;
  };
  console.log(
    `${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up, ` +
      `PostgreSQL at ${database.host}\n`,
  );
  const bareRate = await run(
    'bare Fastify + pg, one row by primary key',
    `http://127.0.0.1:${barePort}/bare/${agentId}`,
  );
  const preparedRate = await run(
    'the same, as a named prepared statement',
    `http://127.0.0.1:${barePort}/bare-prepared/${agentId}`,
  );
  const infoRate = await run(
    'GET /api/ag/my/center/info (authenticated)',
    `${base}/prod-api/api/ag/my/center/info`,
    auth,
  );
  await run('GET /getInfo (authenticated, trivial)', `${base}/prod-api/getInfo`, auth);
  await run('GET /captchaImage (unauthenticated)', `${base}/prod-api/captchaImage`);
  console.log(
    `\nratio of the authenticated one-row read to the bare route: ${(infoRate / bareRate).toFixed(2)}` +
      ` (to the prepared one: ${(infoRate / preparedRate).toFixed(2)})`,
  );
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await server?.stop();
  if (bare && bare.exitCode === null && bare.signalCode === null) {
    bare.kill('SIGTERM');
    await new Promise((resolve) => bare.once('exit', resolve));
  }
  await database.drop();
}
