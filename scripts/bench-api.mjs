// The API benchmark (issues 12 and 35), against the compiled server on a throwaway PostgreSQL
// database, driven by autocannon in this process.
//
// 1. The bare-metal comparison (issue 12): an authenticated one-row read
//    (GET /prod-api/api/ag/my/center/info) against a bare Fastify + pg route reading one row by
//    primary key from the same database, each in a Node process of its own, 50 connections, each
//    warmed up for 3 s before its measured run; then the trivial authenticated call (/getInfo)
//    and an unauthenticated one.
// 2. The agent app's reads (issue 35): every GET the app makes on its four tabs (home, terminal,
//    data, mine) and their first-level pages, as the top demo agent 13800000001, 8 connections,
//    one route at a time, a short warm-up then the measured run; a table of req/s, p50 and p99,
//    and the CPU each request cost the server and PostgreSQL (ms), which a busy shared machine
//    moves less than it moves the rates.
//
// Usage: npm run bench:api [-- options] (after npm run build). Not a test: it asserts nothing.
//   --routes a,b      only the reads whose path contains one of these (also BENCH_ROUTES); skips 1.
//   --large           the reads on a generated large team (skips 1): the settlement benchmark's
//                     generator (apps/server/scripts/bench-settlement.ts: 10,000 agents in 10
//                     levels, 100,000 terminals, 1,000,000 transactions, settled) under the agent
//                     16600000000, read as that agent. Sizes: BENCH_LARGE_TRANSACTIONS,
//                     BENCH_LARGE_TERMINALS, BENCH_LARGE_AGENTS. BENCH_LARGE_DB=<name> reuses a
//                     database kept by an earlier run (BENCH_LARGE_KEEP=1 keeps it).
//   BENCH_SERVER_BEFORE=<main.js>  a second build of the server (an earlier commit's) on the same
//                     database: each read is driven on it and on this one in turn, so both
//                     columns share the machine's load of the moment.
//   BENCH_SECONDS     measured seconds per read (default 5 in the table, 10 in the comparison);
//   BENCH_WARM_UP     warm-up seconds per read in the table (default 1).
//   BENCH_CPU_PROF=<folder>  each server writes a V8 CPU profile there (node --cpu-prof); after the
//                     run a second table splits each read's measured seconds by where the server
//                     spent them (profileTable below): the PostgreSQL driver, the SQL built per
//                     call, the response's validation and JSON, the framework, GC ...
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  agentAppReads,
  cpuMeter,
  demoToken,
  generateLargeTeam,
  startServer,
  throwawayDatabase,
} from './bench-support.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const optionValue = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const LARGE = args.includes('--large');
const routeFilter = (optionValue('routes') ?? process.env.BENCH_ROUTES ?? '')
  .split(',')
  .map((r) => r.trim())
  .filter(Boolean);
const COMPARE = !LARGE && routeFilter.length === 0;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TABLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const TABLE_WARM_UP = Number(process.env.BENCH_WARM_UP ?? 1);
const WARM_UP_SECONDS = 3;
const CONNECTIONS = 50;
const TABLE_CONNECTIONS = 8;
const LARGE_TOP = '16600000000';

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** Runs the bare-metal comparison (issue 12) against a started server. */
async function compareWithBare(dbUrl, host, server, auth) {
  const barePort = server.port + 1;
  // The bare route (scripts/bench-bare-server.mjs) runs in a process of its own, as the server
  // does, so the two are compared alike: each is one Node process driven over loopback by
  // autocannon in this one. (Run inside this process, next to autocannon, the bare route
  // measured about a tenth faster: no second process to switch to.)
  const lookup = new pg.Client({ connectionString: dbUrl });
  await lookup.connect();
  const { rows } = await lookup.query(`SELECT id FROM agents WHERE mobile = '13800000001'`);
  await lookup.end();
  const agentId = rows[0].id;
  const bare = spawn(process.execPath, [path.join(here, 'bench-bare-server.mjs')], {
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(barePort) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    await new Promise((resolve, reject) => {
      bare.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve());
      bare.once('exit', () => reject(new Error('the bare server did not start')));
    });
    const run = async (label, url, headers = {}) => {
      // Each target is first driven for a few unmeasured seconds, so both sides are compared
      // warm: compiled by the JIT, every pool connection open, every statement prepared.
      await autocannon({ url, connections: CONNECTIONS, duration: WARM_UP_SECONDS, headers });
      const result = await autocannon({
        url,
        connections: CONNECTIONS,
        duration: SECONDS,
        headers,
      });
      const bad = result.non2xx + result.errors;
      console.log(
        `${label.padEnd(52)} ${Math.round(result.requests.average).toLocaleString().padStart(7)} req/s` +
          `   p99 ${result.latency.p99} ms${bad ? `   (${bad} failed)` : ''}`,
      );
      return result.requests.average;
    };
    console.log(
      `${CONNECTIONS} connections, ${SECONDS} s each after ${WARM_UP_SECONDS} s of warm-up, ` +
        `PostgreSQL at ${host}\n`,
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
      `${server.base}/prod-api/api/ag/my/center/info`,
      auth,
    );
    await run('GET /getInfo (authenticated, trivial)', `${server.base}/prod-api/getInfo`, auth);
    await run('GET /captchaImage (unauthenticated)', `${server.base}/prod-api/captchaImage`);
    console.log(
      `\nratio of the authenticated one-row read to the bare route: ${(infoRate / bareRate).toFixed(2)}` +
        ` (to the prepared one: ${(infoRate / preparedRate).toFixed(2)})\n`,
    );
  } finally {
    if (bare.exitCode === null && bare.signalCode === null) {
      bare.kill('SIGTERM');
      await new Promise((resolve) => bare.once('exit', resolve));
    }
  }
}

/** One read driven on one server: its rate, latencies and CPU per request. */
async function drive(target, url, auth) {
  const opts = {
    url: `${target.server.base}/prod-api${url}`,
    connections: TABLE_CONNECTIONS,
    headers: auth,
  };
  if (TABLE_WARM_UP > 0) await autocannon({ ...opts, duration: TABLE_WARM_UP });
  const from = await target.meter.take();
  // The measured seconds on the monotonic clock, which V8's profile timestamps also count.
  const start = process.hrtime.bigint();
  const result = await autocannon({ ...opts, duration: TABLE_SECONDS });
  target.windows.push({ url, from: start / 1000n, to: process.hrtime.bigint() / 1000n });
  const cpu = await target.meter.perRequest(from, Math.max(1, result.requests.total));
  const bad = result.non2xx + result.errors;
  return (
    `${Math.round(result.requests.average).toLocaleString()}${bad ? ` (${bad} failed)` : ''} | ` +
    `${result.latency.p50} ms | ${result.latency.p99} ms | ${cpu.server.toFixed(2)} + ${cpu.pg.toFixed(2)} ms`
  );
}

/**
 * The per-route table of the agent app's reads, one route at a time; with a "before" server, each
 * read on both, one after the other.
 */
async function readsTable(targets, auth, label) {
  const reads = agentAppReads(new Date()).filter(
    (r) => routeFilter.length === 0 || routeFilter.some((f) => r.url.includes(f)),
  );
  if (reads.length === 0) throw new Error(`no read matches --routes ${routeFilter.join(',')}`);
  console.log(
    `Agent app reads, ${label}: ${TABLE_CONNECTIONS} connections, ${TABLE_WARM_UP} s warm-up then ` +
      `${TABLE_SECONDS} s each, one at a time (load average ${load()}); CPU per request: the ` +
      `server's + PostgreSQL's\n`,
  );
  const columns = '| req/s | p50 | p99 | CPU/request |';
  if (targets.length > 1) {
    console.log(`| tab | read | server ${columns}`);
    console.log('|---|---|---|---|---|---|---|');
  } else {
    console.log(`| tab | read ${columns}`);
    console.log('|---|---|---|---|---|---|');
  }
  for (const read of reads) {
    for (const target of targets) {
      const name = targets.length > 1 ? ` ${target.name} |` : '';
      // A read that fails is reported as such, not timed: a benchmark of error pages says nothing.
      const probe = await fetch(`${target.server.base}/prod-api${read.url}`, { headers: auth });
      const body = await probe.json().catch(() => ({}));
      if (!probe.ok || (body.code !== undefined && body.code !== 200)) {
        console.log(
          `| ${read.tab} | \`${read.url}\` |${name} failed: ${probe.status} ${body.msg ?? ''} | | | |`,
        );
        continue;
      }
      console.log(
        `| ${read.tab} | \`${read.url}\` |${name} ${await drive(target, read.url, auth)} |`,
      );
    }
  }
  console.log(`\n(load average at the end ${load()})`);
}

/**
 * Where a sampled stack's time goes: the category of its innermost frame that has one (a frame of
 * Node's own code or a native function counts for the JavaScript that called it). Frames of the
 * bundled server are mapped back to their source file through dist/main.js.map.
 */
const PROFILE_CATEGORIES = [
  'socket writes',
  'pg driver',
  'SQL built per call (drizzle)',
  'db helpers (src/db)',
  'response: zod + JSON',
  'framework + HTTP',
  'hooks (plugins, ops, metrics, log)',
  'app code (modules, lib, routes)',
  'GC',
  'other',
];

function frameCategory(frame, sourceOf) {
  const { functionName: fn, url } = frame;
  if (fn === '(garbage collector)') return 'GC';
  // The kernel's send: on loopback it also runs PostgreSQL's (or the client's) receive, and on a
  // busy machine the time this process waits to run again after waking PostgreSQL lands here too.
  if (fn === 'writev' || fn === 'writeBuffer' || fn === 'writeUtf8String') return 'socket writes';
  if (!url) return fn === '(program)' ? 'other' : null;
  // A package's own file, or a package bundled into the server (its path in the source map).
  const packageOf = (f) => /node_modules\/((?:@[^/]+\/)?[^/.][^/]*)/.exec(f)?.[1];
  let file = url;
  let pkg = packageOf(url);
  if (!pkg) {
    file = sourceOf(frame) ?? url;
    pkg = packageOf(file);
  }
  if (pkg) {
    if (/^(pg|pg-.*|postgres-.*)$/.test(pkg)) return 'pg driver';
    if (pkg === 'drizzle-orm') return 'SQL built per call (drizzle)';
    if (pkg === 'zod' || pkg === 'fastify-type-provider-zod') return 'response: zod + JSON';
    if (/^(fastify|find-my-way|avvio|light-my-request|fast-querystring|@fastify\/.*)$/.test(pkg))
      return 'framework + HTTP';
    if (/^(prom-client|pino|sonic-boom|helmet)$/.test(pkg))
      return 'hooks (plugins, ops, metrics, log)';
    return 'other';
  }
  if (/(^|\/)src\/db\//.test(file)) return 'db helpers (src/db)';
  if (/(^|\/)src\/(plugins|ops)\/|(^|\/)src\/routes\/index\.ts$/.test(file))
    return 'hooks (plugins, ops, metrics, log)';
  if (/(^|\/)src\//.test(file)) return 'app code (modules, lib, routes)';
  if (/^node:(_http|http)/.test(url)) return 'framework + HTTP';
  return null;
}

/**
 * The profile a server wrote (BENCH_CPU_PROF) split by read: for each read's measured seconds, the
 * share of the server's busy time (not idle) in each category.
 */
function profileTable(folder, target) {
  const file = readdirSync(folder).find((f) => f.includes(`.${target.server.pid}.`));
  if (!file) return;
  const profile = JSON.parse(readFileSync(path.join(folder, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const maps = new Map();
  const sourceOf = (frame) => {
    if (!frame.url.startsWith('file://')) return undefined;
    const js = fileURLToPath(frame.url);
    if (!maps.has(js)) {
      try {
        maps.set(js, new SourceMap(JSON.parse(readFileSync(`${js}.map`, 'utf8'))));
      } catch {
        maps.set(js, null);
      }
    }
    const entry = maps.get(js)?.findEntry(frame.lineNumber, frame.columnNumber);
    return entry?.originalSource;
  };
  const categoryOf = new Map();
  const categorise = (id) => {
    if (categoryOf.has(id)) return categoryOf.get(id);
    const node = nodes.get(id);
    let category = frameCategory(node.callFrame, sourceOf);
    if (category === null) {
      const up = parent.get(id);
      category = up === undefined ? 'other' : categorise(up);
    }
    categoryOf.set(id, category);
    return category;
  };
  console.log(
    `\nWhere the ${target.name} server spent each read's measured seconds (CPU profile ${file}): ` +
      `share of its busy time; "socket writes" includes waiting to run again after waking PostgreSQL\n`,
  );
  console.log(`| read | busy | ${PROFILE_CATEGORIES.join(' | ')} |`);
  console.log(`|---|---|${PROFILE_CATEGORIES.map(() => '---|').join('')}`);
  for (const window of target.windows) {
    const sums = new Map();
    let t = BigInt(profile.startTime);
    let busy = 0;
    let all = 0;
    for (let i = 0; i < profile.samples.length; i++) {
      t += BigInt(profile.timeDeltas[i] ?? 0);
      if (t < window.from || t > window.to) continue;
      const dt = profile.timeDeltas[i] ?? 0;
      all += dt;
      const id = profile.samples[i];
      if (nodes.get(id).callFrame.functionName === '(idle)') continue;
      busy += dt;
      const category = categorise(id);
      sums.set(category, (sums.get(category) ?? 0) + dt);
    }
    const share = (x) => `${((100 * x) / Math.max(1, busy)).toFixed(0)} %`;
    console.log(
      `| \`${window.url}\` | ${((100 * busy) / Math.max(1, all)).toFixed(0)} % | ` +
        `${PROFILE_CATEGORIES.map((c) => share(sums.get(c) ?? 0)).join(' | ')} |`,
    );
  }
}

let database;
const targets = [];
try {
  const env = { CAPTCHA_ENABLED: 'false', LOGIN_IP_MAX: '100000' };
  database = LARGE ? await generateLargeTeam() : await throwawayDatabase('bench_api');
  // Started one after the other: the first migrates and seeds the database.
  targets.push({ name: 'this', server: await startServer(database.url, env) });
  if (process.env.BENCH_SERVER_BEFORE)
    targets.unshift({
      name: 'before',
      server: await startServer(database.url, env, process.env.BENCH_SERVER_BEFORE),
    });
  for (const target of targets) {
    target.meter = await cpuMeter(database.url, target.server.pid);
    target.windows = [];
  }
  // Statistics for the planner, as autovacuum gathers them within a minute of the seed on a
  // deployed PostgreSQL. (This machine's test PostgreSQL runs with autovacuum off: without this,
  // fresh tables have none and the plans are not those a deployment gets.)
  const analyze = new pg.Client({ connectionString: database.url });
  await analyze.connect();
  await analyze.query('ANALYZE');
  await analyze.end();
  const server = targets.at(-1).server;
  if (LARGE) {
    // The generated agents carry no usable password; the large team's top takes the demo one.
    const c = new pg.Client({ connectionString: database.url });
    await c.connect();
    await c.query(
      `UPDATE agents SET password_hash = (SELECT password_hash FROM agents WHERE mobile = '13800000001')
        WHERE mobile = $1`,
      [LARGE_TOP],
    );
    await c.end();
    const auth = { authorization: `Bearer ${await demoToken(server.base, LARGE_TOP)}` };
    await readsTable(targets, auth, `large team (${database.describe}), as ${LARGE_TOP}`);
  } else {
    const auth = { authorization: `Bearer ${await demoToken(server.base)}` };
    if (COMPARE) await compareWithBare(database.url, database.host, server, auth);
    await readsTable(targets, auth, 'demo data, as 13800000001');
  }
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  for (const target of targets) {
    await target.meter?.close();
    await target.server.stop();
  }
  await database?.drop();
}
// The servers write their profiles as they exit.
if (process.env.BENCH_CPU_PROF && process.exitCode !== 1) {
  for (const target of targets) {
    if (target.windows?.length) profileTable(process.env.BENCH_CPU_PROF, target);
  }
}
