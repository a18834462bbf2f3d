// Rebuilds every rollup (agent_daily_stats, agent_monthly_stats, terminal_daily_volume,
// agent_daily_earnings, terminal_stock_counts) from its base tables, then checks the drift is 0.
//   npm run db:rebuild-rollups                  (the database of DATABASE_URL or PGLITE_DATA_DIR)
//   npm run db:rebuild-rollups -- --check       (only report the drift, change nothing)
// The server may keep running: each rollup is rebuilt in one transaction that holds its writers
// back for that moment (docs/operations.md).
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { rebuildRollups, rollupDrift } from '../src/modules/stats/rollups';

const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  if (!values.check) {
    const rebuilt = await rebuildRollups(database.db);
    console.log(
      `rebuilt: ${Object.entries(rebuilt)
        .map(([k, n]) => `${k} ${n} rows`)
        .join(', ')}`,
    );
  }
  const drift = await rollupDrift(database.db);
  const total = Object.values(drift).reduce((s, n) => s + n, 0);
  console.log(
    `drift (rows differing from the base tables): ${Object.entries(drift)
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
  if (total > 0) process.exitCode = 1;
} catch (err) {
  console.error(
    `rebuild failed, nothing of the failed step was written: ${(err as Error).message}`,
  );
  process.exitCode = 1;
} finally {
  await database.close();
}
