// Restore drill: dumps a PostgreSQL database (pg_dump, custom format), restores the dump into a
// new database beside it (pg_restore), and checks the restored copy: every table readable with
// its row count, the migrations complete, the ledger's invariants holding. Drops the drill
// database afterwards unless --keep. Exit code 0 only when everything holds.
//   npm run db:restore-drill -- --url postgres://user@host:5432/pos [--dump backup.dump] [--keep]
// With --dump, restores that existing dump instead of making a new one.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, rows } from '../src/db/client';
import { MIGRATIONS_DIR } from '../src/db/migrate';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { readdirSync } from 'node:fs';

const { values } = parseArgs({
  options: { url: { type: 'string' }, dump: { type: 'string' }, keep: { type: 'boolean' } },
});
const url = values.url ?? process.env.DATABASE_URL;
if (!url) {
  console.error('usage: npm run db:restore-drill -- --url <postgres url> [--dump file] [--keep]');
  process.exit(2);
}
const source = new URL(url);
const drillName = `${source.pathname.slice(1)}_drill_${Date.now().toString(36)}`;
const drill = new URL(url);
drill.pathname = `/${drillName}`;
const work = mkdtempSync(path.join(tmpdir(), 'pos-drill-'));
const dumpFile = values.dump ?? path.join(work, 'backup.dump');

const admin = new pg.Client({ connectionString: url });
let failed = false;
try {
  if (!values.dump) {
    execFileSync('pg_dump', ['--format=custom', '--no-owner', '--file', dumpFile, url], {
      stdio: 'inherit',
    });
    console.log(`dumped ${source.pathname.slice(1)} to ${dumpFile}`);
  }
  await admin.connect();
  await admin.query(`CREATE DATABASE "${drillName}"`);
  execFileSync(
    'pg_restore',
    ['--no-owner', '--exit-on-error', '--dbname', drill.toString(), dumpFile],
    { stdio: 'inherit' },
  );
  console.log(`restored into ${drillName}`);

  const restored = await openDatabase({ databaseUrl: drill.toString() });
  try {
    const tables = await rows<{ name: string }>(
      restored.db,
      sql`SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY 1`,
    );
    let total = 0;
    for (const t of tables) {
      const [r] = await rows<{ n: string }>(
        restored.db,
        sql.raw(`SELECT count(*)::text AS n FROM "${t.name}"`),
      );
      total += Number(r!.n);
    }
    const expected = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
    const [m] = await rows<{ n: number }>(
      restored.db,
      sql`SELECT count(*)::int AS n FROM schema_migrations`,
    );
    const health = await ledgerHealth(restored.db);
    console.log(`${tables.length} tables, ${total} rows, ${m!.n}/${expected} migrations`);
    console.log(`ledger: ${JSON.stringify(health)}`);
    const ledgerOk =
      health.globalSumFen === 0 &&
      health.linesSumFen === 0 &&
      health.unbalancedEntries === 0 &&
      health.balanceMismatches === 0 &&
      health.negativeAgentAccounts === 0;
    if (!ledgerOk) throw new Error('the ledger invariants do not hold on the restored copy');
    if (m!.n !== expected) throw new Error('the restored copy is missing migrations');
    console.log('restore drill passed: the backup restores and its ledger invariants hold');
  } finally {
    await restored.close();
  }
} catch (err) {
  failed = true;
  console.error(`restore drill FAILED: ${(err as Error).message}`);
} finally {
  if (!values.keep) {
    await admin.query(`DROP DATABASE IF EXISTS "${drillName}" WITH (FORCE)`).catch(() => undefined);
  } else {
    console.log(`kept ${drillName}`);
  }
  await admin.end().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
