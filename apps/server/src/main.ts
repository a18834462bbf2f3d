import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { seedDemo } from './db/seed';
import { startJobs } from './jobs';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrate(database);
if (config.seedDemo) await seedDemo(database.db, { scryptCost: config.scryptCost });
const app = await buildApp({ database, config });
// Jobs (settlement, activation, recalls, acquirer timeouts ...) run only on a listening server.
if (config.backgroundJobs) startJobs(app);
if (applied.length) app.log.info({ applied }, 'migrations applied');

const shutdown = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

await app.listen({ port: config.port, host: config.host });
const where = config.databaseUrl
  ? 'PostgreSQL (DATABASE_URL)'
  : `embedded PGlite at ${config.dataDir}`;
console.log(
  `\n  POS agent app ready: http://localhost:${config.port}/\n  API docs: http://localhost:${config.port}/prod-api/docs\n  Database: ${where}\n`,
);
