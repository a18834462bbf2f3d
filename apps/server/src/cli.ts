import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { migrate } from './db/migrate';
import { BootstrapRefused, bootstrapSuperAdmin } from './modules/admin/bootstrap-super-admin';

/**
 * Operator commands run beside the server, on its database (DATABASE_URL or PGLITE_DATA_DIR):
 *
 *   node apps/server/dist/cli.js bootstrap-admin --username <name> --name <display name>
 *
 * adds a super admin while fewer than two are active (decision 022) and prints its temporary
 * password once; the operator replaces it at the first sign-in.
 */
const USAGE = 'usage: cli.js bootstrap-admin --username <username> --name <display name>';

const [command, ...rest] = process.argv.slice(2);
if (command !== 'bootstrap-admin') {
  console.error(USAGE);
  process.exit(2);
}
const { values } = parseArgs({
  args: rest,
  options: { username: { type: 'string' }, name: { type: 'string' } },
});
if (!values.username || !values.name) {
  console.error(USAGE);
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
try {
  await migrate(database);
  const made = await bootstrapSuperAdmin(
    database.db,
    { username: values.username, name: values.name },
    { scryptCost: config.scryptCost },
  );
  console.log(
    `super admin ${values.username} added (#${made.operatorId}; ${made.activeSuperAdmins} active).\n` +
      `temporary password, shown this once: ${made.tempPassword}\n` +
      'hand it to its holder; the first sign-in replaces it before enrolling an authenticator.',
  );
} catch (err) {
  if (!(err instanceof BootstrapRefused)) throw err;
  console.error(`refused: ${err.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
