// Starts the real server for the end-to-end journeys on a fresh database: a new PostgreSQL
// database when one answers (dropped again on exit), otherwise an in-memory PGlite.
import { spawn, spawnSync } from 'node:child_process';
import pg from 'pg';

const port = process.env.E2E_PORT ?? '8190';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `pos_e2e_${process.pid}`;

async function freshPostgres() {
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  // Playwright may end this script without a signal it can catch; databases left by runs whose
  // process is gone are dropped here, those of runs still going are left alone.
  const left = await admin.query(`SELECT datname FROM pg_database WHERE datname LIKE 'pos_e2e_%'`);
  for (const { datname } of left.rows) {
    const pid = Number(datname.slice('pos_e2e_'.length));
    if (pid !== process.pid && !alive(pid)) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`).catch(() => undefined);
    }
  }
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();
  const u = new URL(adminUrl);
  u.pathname = `/${dbName}`;
  return u.toString();
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function dropPostgres() {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.end();
}

const databaseUrl = process.env.E2E_DB === 'pglite' ? null : await freshPostgres();
// The journeys run the compiled server, as production does (compiling takes a fraction of a second).
const compiled = spawnSync(process.execPath, ['build.mjs'], {
  cwd: 'apps/server',
  stdio: 'inherit',
});
if (compiled.status !== 0) process.exit(compiled.status ?? 1);
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl ?? '',
    PGLITE_DATA_DIR: 'memory://',
    CAPTCHA_ENABLED: 'false',
    // Every journey signs in from 127.0.0.1; the per-address login limit would stop the suite.
    LOGIN_IP_MAX: '100000',
    SCRYPT_COST: '1024',
    LOG_LEVEL: 'warn',
    ACQUIRER_SIM_DELAY_MS: '1500',
    SIMULATE_TRAFFIC: 'false',
    // The console journeys sign operators in with their password only (TOTP has its API tests).
    ADMIN_TOTP: 'false',
    // An unpaid mall order is cancelled after 15 seconds, so a journey can watch it time out.
    MALL_ORDER_TIMEOUT_MINUTES: '0.25',
  },
});
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (databaseUrl) await dropPostgres().catch(() => undefined);
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
child.on('exit', async (code) => {
  if (!stopping) {
    if (databaseUrl) await dropPostgres().catch(() => undefined);
    process.exit(code ?? 1);
  }
});
