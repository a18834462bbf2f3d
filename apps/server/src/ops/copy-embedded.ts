import { sql } from 'drizzle-orm';
import { rows, type Database, type DbOrTx } from '../db/client';
import { decode, select, selectOne } from '../db/typed';

/** A text column of the catalogs. */
const text = (expr: string) => sql.raw(expr).mapWith(decode.text);
import { migrate } from '../db/migrate';
import { ledgerHealth, type LedgerHealth } from '../modules/ledger/ledger-health';

/** Tables whose rows the target writes itself (its own migration records). */
const OWN_ROWS = new Set(['schema_migrations']);
const BATCH_ROWS = 2_000;

export interface CopyReport {
  tables: { name: string; source: number; target: number }[];
  sequences: number;
  sourceLedger: LedgerHealth;
  targetLedger: LedgerHealth;
}

export class CopyVerificationError extends Error {}

interface TableInfo {
  name: string;
  columns: string[];
  /** Tables this one's foreign keys point at (copied first). */
  dependsOn: string[];
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Copies every row of an embedded (PGlite) database into an empty PostgreSQL database of the
 * same schema version, then its sequences, and verifies the copy: the row count of every table
 * and the ledger's invariants must match the source. Throws (leaving the target as it is, to be
 * dropped) when the target is not empty or the copy does not verify.
 *
 * Rows travel as JSON text produced by the source and read by the target's
 * json_populate_recordset, so no value passes through a JavaScript number on the way.
 */
export async function copyEmbeddedToPostgres(
  source: Database,
  target: Database,
  log: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  if (source.kind !== 'pglite' || target.kind !== 'postgres') {
    throw new Error('copy goes from the embedded database to PostgreSQL');
  }
  // The target must be a new, empty database: nothing of another install may mix with the copy.
  const existing = await selectOne(
    target.db,
    { n: sql`count(*)::int`.mapWith(decode.number) },
    sql`FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')`,
  );
  if (existing && existing.n > 0) {
    throw new Error(
      `the target database is not empty (it has ${existing.n} tables): create a new database for the copy`,
    );
  }
  // Both at the schema of this build: the source as the server would on start, the target fresh.
  await migrate(source);
  await migrate(target);
  const tables = await leafTables(source);

  // One transaction: a copy that fails or does not verify leaves the target as empty as it was.
  // The target's own triggers (rollup counters, balances kept from ledger lines) stay off while
  // rows arrive, since the copied rows already hold what those triggers would add.
  return target.db.transaction(async (tx) => {
    // Tables that name each other (merchants and their files) are checked at commit.
    await rows(tx, sql`SET CONSTRAINTS ALL DEFERRED`);
    await createMissingPartitions(source, tx);
    const ordered = topological(tables).filter((t) => !OWN_ROWS.has(t.name));
    for (const t of ordered)
      await rows(tx, sql.raw(`ALTER TABLE ${ident(t.name)} DISABLE TRIGGER USER`));
    // Rows the migrations themselves write (platform accounts, settings) come from the source.
    for (const t of [...ordered].reverse()) await rows(tx, sql.raw(`DELETE FROM ${ident(t.name)}`));
    for (const t of ordered) {
      const copied = await copyTable(source, tx, t);
      if (copied > 0) log(`${t.name}: ${copied} rows`);
    }
    // Every row is in: the deferred keys are checked now (a table with checks pending cannot
    // have its triggers switched back on).
    await rows(tx, sql`SET CONSTRAINTS ALL IMMEDIATE`);
    for (const t of ordered)
      await rows(tx, sql.raw(`ALTER TABLE ${ident(t.name)} ENABLE TRIGGER USER`));
    const sequences = await copySequences(source, tx);
    log(`${sequences} sequences set`);

    const report: CopyReport = {
      tables: [],
      sequences,
      sourceLedger: await ledgerHealth(source.db),
      targetLedger: await ledgerHealth(tx),
    };
    for (const t of ordered) {
      report.tables.push({
        name: t.name,
        source: await countRows(source.db, t.name),
        target: await countRows(tx, t.name),
      });
    }
    const wrong = report.tables.filter((t) => t.source !== t.target);
    if (wrong.length) {
      throw new CopyVerificationError(
        `row counts differ: ${wrong.map((t) => `${t.name} ${t.source} -> ${t.target}`).join(', ')}`,
      );
    }
    const health = report.targetLedger;
    if (
      JSON.stringify(health) !== JSON.stringify(report.sourceLedger) ||
      health.globalSumFen !== 0 ||
      health.linesSumFen !== 0 ||
      health.unbalancedEntries !== 0 ||
      health.balanceMismatches !== 0 ||
      health.negativeAgentAccounts !== 0
    ) {
      throw new CopyVerificationError(
        `ledger invariants do not hold on the copy: ${JSON.stringify(health)} (source ${JSON.stringify(report.sourceLedger)})`,
      );
    }
    return report;
  });
}

async function leafTables(db: Database): Promise<TableInfo[]> {
  const tables = await select(
    db.db,
    { name: text('c.relname') },
    sql`FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r' ORDER BY c.relname`,
  );
  const cols = await select(
    db.db,
    { tbl: text('c.relname'), col: text('a.attname') },
    sql`FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
          JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'r' AND a.attnum > 0 AND NOT a.attisdropped
           AND a.attgenerated = ''
         ORDER BY c.relname, a.attnum`,
  );
  // Foreign keys are declared on the partitioned parent; a leaf depends on what its parent does.
  const deps = await select(
    db.db,
    { tbl: text('child.relname'), ref: text('ref.relname') },
    sql`FROM pg_constraint k
          JOIN pg_class ref ON ref.oid = k.confrelid
          JOIN pg_class owner ON owner.oid = k.conrelid
          JOIN pg_class child ON child.oid = owner.oid
            OR child.oid IN (SELECT inhrelid FROM pg_inherits WHERE inhparent = owner.oid)
         WHERE k.contype = 'f'`,
  );
  const leavesOf = await select(
    db.db,
    { parent: text('p.relname'), leaf: text('c.relname') },
    sql`FROM pg_inherits i
          JOIN pg_class p ON p.oid = i.inhparent JOIN pg_class c ON c.oid = i.inhrelid`,
  );
  const expand = (name: string) => {
    const leaves = leavesOf.filter((l) => l.parent === name).map((l) => l.leaf);
    return leaves.length ? leaves : [name];
  };
  return tables.map(({ name }) => ({
    name,
    columns: cols.filter((c) => c.tbl === name).map((c) => c.col),
    dependsOn: deps.filter((d) => d.tbl === name && d.ref !== name).flatMap((d) => expand(d.ref)),
  }));
}

/**
 * Parents before children; the members of a cycle (merchants and merchant_files, whose keys are
 * deferrable and checked at commit) come in visiting order.
 */
function topological(tables: TableInfo[]): TableInfo[] {
  const byName = new Map(tables.map((t) => [t.name, t]));
  const done = new Set<string>();
  const visiting = new Set<string>();
  const out: TableInfo[] = [];
  const visit = (t: TableInfo) => {
    if (done.has(t.name) || visiting.has(t.name)) return;
    visiting.add(t.name);
    for (const d of t.dependsOn) {
      const dep = byName.get(d);
      if (dep) visit(dep);
    }
    visiting.delete(t.name);
    done.add(t.name);
    out.push(t);
  };
  tables.forEach(visit);
  return out;
}

/** The monthly partitions the source made as time went by; the fresh target has only defaults. */
async function createMissingPartitions(source: Database, target: DbOrTx) {
  const parts = await select(
    source.db,
    {
      parent: text('p.relname'),
      leaf: text('c.relname'),
      bound: text('pg_get_expr(c.relpartbound, c.oid)'),
    },
    sql`FROM pg_inherits i JOIN pg_class p ON p.oid = i.inhparent JOIN pg_class c ON c.oid = i.inhrelid
         ORDER BY c.relname`,
  );
  for (const p of parts) {
    const exists = await selectOne(
      target,
      { r: sql`to_regclass(${p.leaf})::text`.mapWith(decode.textOrNull) },
      sql``,
    );
    if (exists?.r) continue;
    await rows(
      target,
      sql.raw(`CREATE TABLE ${ident(p.leaf)} PARTITION OF ${ident(p.parent)} ${p.bound}`),
    );
  }
}

async function copyTable(source: Database, target: DbOrTx, t: TableInfo): Promise<number> {
  const list = t.columns.map(ident).join(', ');
  let copied = 0;
  // Pages by physical position (a TID range scan), which stays fast however large the table.
  let after = '(0,0)';
  for (;;) {
    // The row's alias is one no column can have: a column named like it ("v" of rank_entries)
    // would be read instead of the row.
    const page = await selectOne(
      source.db,
      {
        body: sql`json_agg(x.r)::text`.mapWith(decode.textOrNull),
        last: sql`max(x.tid)::text`.mapWith(decode.textOrNull),
        n: sql`count(*)::int`.mapWith(decode.number),
      },
      sql.raw(
        `FROM (
           SELECT ctid AS tid, (SELECT row_to_json("copy$row") FROM (SELECT ${t.columns
             .map((c) => `t.${ident(c)}`)
             .join(', ')}) "copy$row") AS r
             FROM ${ident(t.name)} t WHERE ctid > '${after}'::tid ORDER BY ctid LIMIT ${BATCH_ROWS}) x`,
      ),
    );
    if (!page || !page.n || !page.body || !page.last) break;
    await rows(
      target,
      sql`${sql.raw(`INSERT INTO ${ident(t.name)} (${list}) OVERRIDING SYSTEM VALUE SELECT ${list} FROM json_populate_recordset(NULL::${ident(t.name)},`)} ${page.body}::json)`,
    );
    copied += page.n;
    after = page.last;
    if (page.n < BATCH_ROWS) break;
  }
  return copied;
}

async function copySequences(source: Database, target: DbOrTx): Promise<number> {
  const seqs = await select(
    source.db,
    { name: text('c.relname') },
    sql`FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname = 'public' AND c.relkind = 'S'`,
  );
  for (const s of seqs) {
    const v = await selectOne(
      source.db,
      { lastValue: text('last_value::text'), isCalled: sql`is_called`.mapWith(decode.bool) },
      sql.raw(`FROM ${ident(s.name)}`),
    );
    await rows(
      target,
      sql`SELECT setval(${ident(s.name)}::regclass, ${v!.lastValue}::bigint, ${v!.isCalled})`,
    );
  }
  return seqs.length;
}

async function countRows(db: DbOrTx, table: string): Promise<number> {
  const r = await selectOne(
    db,
    { n: sql`count(*)`.mapWith(decode.number) },
    sql.raw(`FROM ${ident(table)}`),
  );
  return r!.n;
}
