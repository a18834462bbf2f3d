// What the HTTP benchmarks share: a throwaway PostgreSQL database, and the compiled server
// started on it (optionally writing a CPU profile: BENCH_CPU_PROF=<folder>) and stopped again.
import { spawn } from 'node:child_process';
import pg from 'pg';

const ADMIN_URL =
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

/** Starts apps/server/dist/main.js on the database and waits until it answers. */
export async function startServer(databaseUrl, env = {}) {
  const port = 8600 + Math.floor(Math.random() * 300);
  const prof = process.env.BENCH_CPU_PROF;
  const child = spawn(
    process.execPath,
    [...(prof ? ['--cpu-prof', '--cpu-prof-dir', prof] : []), 'apps/server/dist/main.js'],
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
  return { base, port, stop };
}

/** Signs the demo top agent in (the server must run with CAPTCHA_ENABLED=false); its token. */
export async function demoToken(base) {
  const res = await fetch(`${base}/prod-api/login/app`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: '13800000001', password: 'demo123' }),
  });
  const body = await res.json();
  if (!body.token) throw new Error(`demo login failed: ${body.msg}`);
  return body.token;
}
