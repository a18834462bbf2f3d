import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { is } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import * as schema from '../src/db/schema';
import { createTestContext } from './helpers';

// The Drizzle schema is how rows get their types (decision 040); it is written by hand after the
// SQL migrations, which are the truth. This holds the two equal on the migrated database: every
// table the schema declares exists, with the same columns, each of the same type and nullability,
// so a column renamed or retyped in a migration fails here until the schema follows it, and then
// every read selecting it fails to type-check. A table no typed read selects from yet need not be
// declared (decision 040 lists them); one that is declared is declared whole.

const { database } = await createTestContext();

interface DbColumn {
  table: string;
  column: string;
  type: string;
  not_null: boolean;
}

/** Drizzle's spelling of a type, in PostgreSQL's (format_type). */
const normalise = (type: string) =>
  type
    .replace(/^varchar\((\d+)\)/, 'character varying($1)')
    .replace(/^varchar$/, 'character varying')
    .replace(/^char\((\d+)\)/, 'character($1)')
    .replace(/^timestamp \((\d)\)/, 'timestamp($1)')
    .replace(/^numeric$/, 'numeric');

describe('the Drizzle schema mirrors the migrated database', async () => {
  const found = await rows<DbColumn>(
    database.db,
    // The parent of a partitioned table carries its columns; partitions are left out.
    `SELECT c.relname AS table, a.attname AS column, format_type(a.atttypid, a.atttypmod) AS type,
            a.attnotnull AS not_null
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = 'public'
      WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND a.attnum > 0 AND NOT a.attisdropped` as never,
  );
  const byTable = new Map<string, Map<string, DbColumn>>();
  for (const c of found) {
    if (!byTable.has(c.table)) byTable.set(c.table, new Map());
    byTable.get(c.table)!.set(c.column, c);
  }
  const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

  it('declares the tables', () => {
    expect(tables.length).toBeGreaterThan(40);
  });

  // A table may be declared twice (terminals.ts maps the few policies columns it reads, policies.ts
  // the rest): every declaration matches the database, and together they cover every column.
  const declared = new Map<string, ReturnType<typeof getTableConfig>[]>();
  for (const table of tables) {
    const config = getTableConfig(table);
    declared.set(config.name, [...(declared.get(config.name) ?? []), config]);
  }
  for (const [name, configs] of declared) {
    it(`${name}: the same columns, types and nullability`, () => {
      const inDb = byTable.get(name);
      expect(inDb, `table ${name} is not in the migrated database`).toBeDefined();
      const mirrored = new Map<string, { column: string; type: string; notNull: boolean }>();
      for (const config of configs) {
        for (const c of config.columns) {
          const column = { column: c.name, type: normalise(c.getSQLType()), notNull: c.notNull };
          const actual = inDb!.get(c.name);
          expect(
            actual && { column: actual.column, type: actual.type, notNull: actual.not_null },
            `${name}.${c.name}`,
          ).toEqual(column);
          mirrored.set(c.name, column);
        }
      }
      expect([...mirrored.keys()].sort(), `${name}: columns`).toEqual([...inDb!.keys()].sort());
    });
  }
});
