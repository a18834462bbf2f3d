import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import * as schema from './schema';

export type Schema = typeof schema;
/** Both drivers share this type, so queries are written once for PGlite and PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle can stand wherever a Db does. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The connection string, for PostgreSQL (tools that shell out to pg_dump need it). */
  url?: string;
  /** Runs raw SQL text (migrations, several statements). */
  exec(sql: string): Promise<void>;
  /**
   * Listens on a notification channel. `onState(true)` once listening (again after a lost
   * connection is replaced), `onState(false)` whenever messages may have been missed. Resolves to
   * a function that stops listening.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onState: (listening: boolean) => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * LISTEN on its own PostgreSQL connection, replaced after a second when it is lost; messages sent
 * while it is away are missed, which onState(false) announces.
 */
function listenPg(
  url: string,
  channel: string,
  onMessage: (payload: string) => void,
  onState: (listening: boolean) => void,
) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString: url });
    const lost = () => {
      if (client !== c) return;
      client = null;
      onState(false);
      void c.end().catch(() => undefined);
      if (!stopped) retry = setTimeout(() => void connect(), 1_000).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) onMessage(n.payload ?? '');
    });
    client = c;
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
      if (client === c && !stopped) onState(true);
    } catch {
      lost();
    }
  };
  return connect().then(() => async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const c = client;
    client = null;
    onState(false);
    await c?.end().catch(() => undefined);
  });
}

// PostgreSQL returns bigint (int8) as text by default; money and ids are read as strings and
// converted where they are used, except counts, which drizzle maps itself.
export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir?: string;
}): Promise<Database> {
  if (opts.databaseUrl) {
    // JIT compilation costs tens of milliseconds on the short, indexed queries an app makes and
    // only pays off for long reports, so it is off for the app's own connections.
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      options: '-c jit=off',
    });
    // An idle connection the server drops (a restart, a failover, a dropped test database) is
    // reported here; without a listener the pool rethrows it and takes the whole process down.
    // The pool replaces the connection on the next query.
    pool.on('error', (err) => console.error(`postgres: idle connection lost: ${err.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: opts.databaseUrl,
      // One connection for the whole text, so an error can be rolled back where it happened.
      exec: async (sql) => {
        const conn = await pool.connect();
        try {
          await conn.query(sql);
        } catch (err) {
          await conn.query('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          conn.release();
        }
      },
      listen: (channel, onMessage, onState) =>
        listenPg(opts.databaseUrl!, channel, onMessage, onState),
      close: () => pool.end(),
    };
  }
  const dataDir = opts.dataDir ?? 'memory://';
  // PGlite creates only the last folder of the path; a fresh clone has no .data/ yet.
  if (!dataDir.includes('://')) mkdirSync(path.dirname(path.resolve(dataDir)), { recursive: true });
  const client = new PGlite(dataDir);
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    exec: async (sql) => {
      await client.exec(sql);
    },
    // One process owns an embedded database, so every change is made here and heard at once.
    listen: async (channel, onMessage, onState) => {
      const unlisten = await client.listen(channel, onMessage);
      onState(true);
      return async () => {
        onState(false);
        await unlisten();
      };
    },
    close: () => client.close(),
  };
}

/** Raw SQL rows, the same shape from both drivers. */
export async function rows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface NamedQueryClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}
type WithDialect = { dialect?: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } };

/**
 * A statement written as PostgreSQL text with $1, $2 ... placeholders, for the hottest reads: no
 * query builder runs per call. On PostgreSQL through the pool it is a named prepared statement
 * (parsed and planned once per connection); inside a transaction or on the embedded PGlite the
 * same text and values run as an ordinary query.
 */
export async function preparedText<T>(
  db: DbOrTx,
  name: string,
  text: string,
  values: unknown[],
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await (client as unknown as NamedQueryClient).query({ name, text, values });
    return result.rows as T[];
  }
  return rows<T>(db, sqlFromText(text, values));
}

/** PostgreSQL text with $n placeholders as a drizzle query binding the same values. */
export function sqlFromText(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  for (let i = 0; i < parts.length; i++) {
    if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
    else chunks.push(sql`${values[Number(parts[i]) - 1]}`);
  }
  return sql.join(chunks);
}

/**
 * rows() for a hot statement: on PostgreSQL through the pool it runs as a named prepared
 * statement (each connection parses and plans it once) straight on the pool; inside a
 * transaction, or on the embedded PGlite, it runs as an ordinary query. The name is fixed for a
 * statement whose text never changes, or made from the text (nameByText) for one whose text
 * varies only by shape while every value is a parameter.
 */
export async function preparedRows<T>(
  db: DbOrTx,
  name: string | ((text: string) => string),
  query: SQL,
): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  const dialect = (db as WithDialect).dialect;
  if (client instanceof pg.Pool && dialect) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    return preparedText<T>(db, typeof name === 'string' ? name : name(text), text, params);
  }
  return rows<T>(db, query);
}

/** A prepared statement's name from its text: the prefix and a hash of the text. */
export const nameByText = (prefix: string) => (text: string) =>
  `${prefix}_${createHash('sha1').update(text).digest('hex').slice(0, 16)}`;
