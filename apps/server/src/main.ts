import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { makeCipher } from './lib/crypto';
import { storedProviderEnv } from './modules/system/provider-keys';
import { seedDemo } from './db/seed';
import { startJobs } from './jobs';
import { configProblems } from './ops/config-check';
import { shutDown } from './ops/shutdown';

const fromEnv = loadConfig();
const database = await openDatabase({ databaseUrl: fromEnv.databaseUrl, dataDir: fromEnv.dataDir });
const applied = await migrate(database);
// The outside parties' keys approved in the console (decision 041) go over the environment's;
// the configuration is checked with them, so a key kept only in the console counts.
const config = loadConfig(
  process.env,
  await storedProviderEnv(database.db, makeCipher(fromEnv.dataKey)),
);
const problems = configProblems(config);
if (problems.length) {
  console.error(`The server cannot start with this configuration:\n  - ${problems.join('\n  - ')}`);
  await database.close();
  process.exit(1);
}
if (config.seedDemo) await seedDemo(database.db, { scryptCost: config.scryptCost });
const app = await buildApp({ database, config });
// Jobs (settlement, activation, recalls, acquirer timeouts ...) run only on a listening server,
// and not on a process started as API only.
if (config.backgroundJobs && config.serverRole !== 'api') startJobs(app);
if (applied.length) app.log.info({ applied }, 'migrations applied');

// Graceful shutdown: no new requests, the requests in flight and then the jobs' batch in hand
// finish, the database closes (ops/shutdown.ts); past SHUTDOWN_TIMEOUT_MS the process gives up.
let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting with work in hand');
    process.exit(1);
  }, config.shutdownTimeoutMs);
  force.unref();
  await shutDown(app, database);
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite at ${config.dataDir}`;
console.log(
  `\n  POS agent app ready: http://localhost:${config.port}/ (${config.serverRole})\n  Operators' console: http://localhost:${config.port}/admin/\n  API docs: http://localhost:${config.port}/prod-api/docs\n  Database: ${where}\n`,
);
