// Copies the embedded (PGlite) database into an empty PostgreSQL database and verifies the copy.
//   npm run db:copy-embedded -- --from .data/pglite --to postgres://user@host:5432/pos
// Stop the server first: the embedded folder must not change while it is read.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from '../src/config';
import { openDatabase } from '../src/db/client';
import { copyEmbeddedToPostgres } from '../src/ops/copy-embedded';

const { values } = parseArgs({
  options: { from: { type: 'string' }, to: { type: 'string' } },
});
const from = path.resolve(REPO_ROOT, values.from ?? process.env.PGLITE_DATA_DIR ?? '.data/pglite');
const to = values.to ?? process.env.DATABASE_URL;
if (!to) {
  console.error('usage: npm run db:copy-embedded -- --from <pglite folder> --to <postgres url>');
  process.exit(2);
}
const source = await openDatabase({ dataDir: from });
const target = await openDatabase({ databaseUrl: to });
try {
  const report = await copyEmbeddedToPostgres(source, target, (line) => console.log(`  ${line}`));
  const rowsCopied = report.tables.reduce((s, t) => s + t.target, 0);
  console.log(
    `verified: ${report.tables.length} tables, ${rowsCopied} rows, ${report.sequences} sequences; ` +
      `ledger sum ${report.targetLedger.globalSumFen}, unbalanced entries ${report.targetLedger.unbalancedEntries}, ` +
      `balance mismatches ${report.targetLedger.balanceMismatches}`,
  );
  console.log(`done: start the server with DATABASE_URL=${to.replace(/:[^:@/]*@/, ':***@')}`);
} catch (err) {
  console.error(`copy failed, nothing was written to the target: ${(err as Error).message}`);
  process.exitCode = 1;
} finally {
  await source.close();
  await target.close();
}
