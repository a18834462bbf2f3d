import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '../src/db/client';
import { migrate } from '../src/db/migrate';

/**
 * Server tests run on PostgreSQL when one answers (TEST_DATABASE_URL, or the local one at
 * 127.0.0.1:5432/test): the schema is migrated once into a template database and every test file
 * gets its own copy, which takes a fraction of a second. Without PostgreSQL, or with
 * TEST_DB=pglite, each file gets a fresh embedded PGlite instead.
 */
export default async function setup({
  provide,
}: {
  provide: (key: string, value: string) => void;
}) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  if (process.env.TEST_DB === 'pglite' || !(await reachable(adminUrl))) {
    provide('testDb', JSON.stringify({ kind: 'pglite' }));
    return;
  }
  const template = `pos_tpl_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ databaseUrl: withDb(adminUrl, template) });
  await migrate(database);
  await database.close();
  provide('testDb', JSON.stringify({ kind: 'postgres', adminUrl, template }));

  return async () => {
    // Drop every database this run made, including any a crashed file left behind.
    const left = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
      [`${template}_%`, template],
    );
    for (const { datname } of left.rows) {
      await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await admin.end();
  };
}

export const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

async function reachable(url: string) {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.end();
    return true;
  } catch {
    return false;
  }
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: string;
  }
}
