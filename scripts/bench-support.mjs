// What the HTTP benchmarks share: a throwaway PostgreSQL database, and the compiled server
// started on it (optionally writing a CPU profile: BENCH_CPU_PROF=<folder>) and stopped again;
// the agent app's reads and a generated large team (bench:api).
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import pg from 'pg';

export const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';

/** A new empty database; drop() removes it (and anything still connected). */
export async function throwawayDatabase(prefix) {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  return {
    url: Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString(),
    host: new URL(ADMIN_URL).host,
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * Starts the compiled server (apps/server/dist/main.js, or the file BENCH_SERVER names, or `file`)
 * on the database and waits until it answers.
 */
export async function startServer(databaseUrl, env = {}, file = undefined) {
  const port = 8600 + Math.floor(Math.random() * 300);
  const prof = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [
      ...(prof ? ['--cpu-prof', '--cpu-prof-dir', prof] : []),
      file || process.env.BENCH_SERVER || 'apps/server/dist/main.js',
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: 'warn',
        BACKGROUND_JOBS: 'false',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    const up = await fetch(`${base}/prod-api/captchaImage`)
      .then((r) => r.ok)
      .catch(() => false);
    if (up) break;
    if (i > 600) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, port, pid: child.pid, stop };
}

/** Signs the demo top agent in (the server must run with CAPTCHA_ENABLED=false); its token. */
export async function demoToken(base, mobile = '13800000001') {
  const res = await fetch(`${base}/prod-api/login/app`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: mobile, password: 'demo123' }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`demo login failed: ${body.msg}`);
  return body.token;
}

/**
 * Every GET the agent app (apps/web) makes on its four tabs and on the pages one tap away from
 * them, with the parameters of its first screen (page 1, the current month): the path after
 * /prod-api and the tab it is reached from. Reads that need the id of a row (a detail page) are
 * not first-level pages and are left out.
 */
export function agentAppReads(now) {
  const today = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  const month = today.slice(0, 7);
  const first = `${month}-01`;
  const reads = {
    home: [
      '/getInfo',
      '/api/ag/home/banner/list',
      '/api/ag/home/notice/list?pageNum=1&pageSize=10',
      '/api/ag/message/unread',
      '/api/ag/message/popup',
      '/api/ag/myAgent/list?sort=volume&order=desc&pageSize=20',
      `/api/ag/myAgent/stats?month=${month}`,
      '/api/ag/myAgent/levels',
      '/api/ag/invitation/info',
      '/api/merchant/list?condition=all&pageSize=20',
      '/api/merchant/summary',
      '/api/ag/agent/trade/list?pageSize=20',
      `/api/ag/agent/trade/stats?month=${month}`,
      `/api/ag/stats/report?from=${first}&to=${today}&scope=team&pageSize=31`,
      '/api/ag/agent/open/policy/info',
      '/api/ag/rate/change/list?pageSize=20',
      '/api/ag/fee/change/list?pageSize=20',
      '/api/ag/price-share/children',
      '/api/ag/price-share/received',
      '/api/mall/products',
    ],
    terminal: [
      '/api/term-info/summary',
      '/api/term-info/brandList',
      '/api/term-info/list?pageSize=20',
      '/api/term-info/operations?role=all&pageSize=20',
      '/api/term-info/credit/list?role=seller&pageSize=20',
    ],
    data: [
      `/api/ag/stats/overview?month=${month}`,
      `/api/ag/stats/children?from=${first}&to=${today}&pageSize=20`,
      `/api/ag/check/standard?month=${month}&pageSize=20`,
      `/api/ag/check/activation?pageSize=20`,
      `/api/ag/agent/wallet/earningsStats?month=${month}`,
      '/api/term-info/teamBreakdown',
      '/api/ag/rank/list?metric=volume&period=month',
    ],
    mine: [
      '/api/ag/my/center/info',
      '/api/ag/agent/wallet/showAgentWallet',
      '/api/ag/agent/wallet/ledger?pageSize=20',
      '/api/ag/agent/withdraw/list?pageSize=20',
      '/api/ag/my/center/settlement/list',
      '/api/ag/my/center/payPwd/status',
      '/api/ag/message/list?pageSize=15',
      '/api/ag/export/list?pageSize=20',
      '/api/ag/ticket/list?pageSize=15',
      '/api/ag/school/categories',
    ],
  };
  return Object.entries(reads).flatMap(([tab, urls]) => urls.map((url) => ({ tab, url })));
}

/**
 * A large team for bench:api --large, made by the settlement benchmark's generator
 * (apps/server/scripts/bench-settlement.ts, kept with --keep and settled), or an earlier one
 * named by BENCH_LARGE_DB. drop() removes it unless BENCH_LARGE_KEEP=1.
 */
export async function generateLargeTeam() {
  const transactions = process.env.BENCH_LARGE_TRANSACTIONS ?? '1000000';
  const terminals = process.env.BENCH_LARGE_TERMINALS ?? '100000';
  const agents = process.env.BENCH_LARGE_AGENTS ?? '10000';
  let name = process.env.BENCH_LARGE_DB;
  if (!name) {
    const child = spawn(
      process.execPath,
      [
        'node_modules/tsx/dist/cli.mjs',
        'apps/server/scripts/bench-settlement.ts',
        '--transactions',
        transactions,
        '--terminals',
        terminals,
        '--agents',
        agents,
        '--ingest',
        '0',
        '--keep',
      ],
      {
        env: { ...process.env, BENCH_DATABASE_URL: ADMIN_URL },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      process.stderr.write(chunk);
    });
    const code = await new Promise((r) => child.once('exit', r));
    name = /kept database (\w+)/.exec(out)?.[1];
    if (code !== 0 || !name) throw new Error('the large team was not generated');
  }
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  return {
    url: Object.assign(new URL(ADMIN_URL), { pathname: `/${name}` }).toString(),
    host: new URL(ADMIN_URL).host,
    describe: `${agents} agents, ${terminals} terminals, ${transactions} transactions, database ${name}`,
    drop: async () => {
      if (process.env.BENCH_LARGE_KEEP !== '1')
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/** CPU ticks (1/100 s) a process has used, from /proc; 0 where there is no /proc. */
export function cpuTicks(pid) {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return Number(f[11]) + Number(f[12]);
  } catch {
    return 0;
  }
}

/**
 * A meter of the CPU a server and its PostgreSQL backends (of its database) spend, which the
 * load of a shared machine does not change as much as it changes rates: take() a reading, then
 * perRequest(reading, n) gives the milliseconds of each per request since then.
 */
export async function cpuMeter(databaseUrl, serverPid) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1, application_name: 'bench' });
  pool.on('error', () => undefined);
  const take = async () => {
    const backends = await pool.query(
      `SELECT pid FROM pg_stat_activity
        WHERE datname = current_database() AND application_name <> 'bench'`,
    );
    return {
      server: cpuTicks(serverPid),
      pg: new Map(backends.rows.map((r) => [r.pid, cpuTicks(r.pid)])),
    };
  };
  return {
    take,
    perRequest: async (from, n) => {
      const to = await take();
      let pgTicks = 0;
      for (const [pid, t] of to.pg) pgTicks += t - (from.pg.get(pid) ?? 0);
      return { server: (10 * (to.server - from.server)) / n, pg: (10 * pgTicks) / n };
    },
    close: () => pool.end(),
  };
}
