import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { findUp } from '../lib/find-up';
import { rows, type Database } from './client';

// apps/server/migrations, found from src/db (tsx) or from dist (the compiled server).
export const MIGRATIONS_DIR = path.join(findUp('migrations/0001_foundation.sql'), 'migrations');

/**
 * Applies every migrations/NNNN_name.sql not yet recorded, in name order, each in its own
 * transaction. The transaction takes an advisory lock and records the file first, so when two
 * processes start together the second one fails on the record, rolls back and moves on.
 */
export async function migrate(database: Database): Promise<string[]> {
  await database.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`);
  const files = (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
  const appliedNow: string[] = [];
  for (const file of files) {
    if (await isApplied(database, file)) continue;
    const text = await readFile(path.join(MIGRATIONS_DIR, file), 'utf8');
    try {
      await database.exec(
        `BEGIN;\nSELECT pg_advisory_xact_lock(727001);\nINSERT INTO schema_migrations(name) VALUES ('${file}');\n${text}\nCOMMIT;`,
      );
      appliedNow.push(file);
    } catch (err) {
      if (await isApplied(database, file)) continue;
      throw new Error(`migration ${file} failed: ${(err as Error).message}`, { cause: err });
    }
  }
  return appliedNow;
}

async function isApplied(database: Database, file: string): Promise<boolean> {
  const found = await rows(database.db, sql`SELECT 1 FROM schema_migrations WHERE name = ${file}`);
  return found.length > 0;
}
