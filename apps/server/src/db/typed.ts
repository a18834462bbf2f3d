import {
  Column,
  fillPlaceholders,
  is,
  noopDecoder,
  SQL,
  sql,
  type DriverValueDecoder,
  type GetColumnData,
} from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { nameByText, preparedRows, preparedText, rows, type DbOrTx } from './client';

/**
 * The one way a row gets its type (decision 040): from the Drizzle schema, which mirrors the
 * migrated database column for column (test/db.schema-mirror.test.ts holds the two equal).
 *
 * A read names what it selects as a shape: each key is a schema column (`a.name`, typed and
 * decoded as that column is) or a computed expression with its decoder
 * (`sql\`count(*)\`.mapWith(Number)`, typed by what the decoder returns). The statement's SELECT
 * list is written from the shape, so a column renamed in the schema no longer type-checks in any
 * read that selects it, and no row type is asserted: `select()` returns `RowOf<shape>`, each value
 * converted by its own decoder (bigint text to a number, timestamptz text to a Date ...).
 *
 * The rest of the statement (FROM, joins, WHERE, ORDER BY, a WITH before it) stays SQL written
 * with Drizzle's `sql` tag, with schema tables and columns interpolated where a read wants the
 * names checked too. A table aliased with Drizzle's alias(agents, 'a') is named in FROM as
 * `agents a` (interpolated alone, an alias renders as its bare name); its columns render as
 * "a"."name".
 */

/** A selected value: a schema column, or an expression that says how to decode itself. */
export type Field = Column | SQL<unknown>;
export type Shape = Record<string, Field>;

/** The row a shape selects, typed by its columns' and decoders' types. */
export type RowOf<S extends Shape> = {
  [K in keyof S]: S[K] extends Column ? GetColumnData<S[K]> : S[K] extends SQL<infer T> ? T : never;
};

/**
 * A column read from the nullable side of an outer join (or any column that may come back NULL):
 * typed `T | null` and decoded as the column is.
 */
export function orNull<C extends Column>(column: C): SQL<GetColumnData<C> | null> {
  return sql`${column}`.mapWith(column as DriverValueDecoder<GetColumnData<C>, unknown>);
}

/** Decoders for computed values, named by what they return. */
export const decode = {
  /** int, bigint (text from node-postgres), numeric: a JavaScript number. */
  number: (v: unknown): number => Number(v),
  /** The same for an expression that may be NULL (an outer join's side): typed with its null. */
  numberOrNull: (v: unknown): number | null => Number(v),
  textOrNull: (v: unknown): string | null => String(v),
  text: (v: unknown): string => String(v),
  bool: (v: unknown): boolean => v === true || v === 't' || v === 'true',
  /** timestamptz (text or Date) as an ISO-8601 string. */
  isoTime: (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString(),
  /** The same for a timestamptz that may be NULL (NULL is kept, never decoded): typed with its null. */
  isoTimeOrNull: (v: unknown): string | null => decode.isoTime(v),
  /** jsonb: parsed by both drivers, but text through some paths; read both. */
  json:
    <T>() =>
    (v: unknown): T =>
      (typeof v === 'string' ? JSON.parse(v) : v) as T,
};

function decoderOf(key: string, field: Field): (v: unknown) => unknown {
  if (is(field, Column)) return (v) => field.mapFromDriverValue(v);
  if (is(field, SQL)) {
    const decoder = (field as unknown as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
    // An expression typed with sql<T> and no decoder would be an assertion again.
    if (decoder === noopDecoder)
      throw new Error(`select(): the computed field "${key}" needs .mapWith(<decoder>)`);
    return (v) => decoder.mapFromDriverValue(v);
  }
  throw new Error(`select(): the field "${key}" is neither a column nor an expression`);
}

/** A compiled shape: the SELECT list and how to turn a driver row into a typed row. */
export interface Selection<S extends Shape> {
  list: SQL;
  toRow: (raw: Record<string, unknown>) => RowOf<S>;
}

/**
 * Compiles a shape once (a module-level constant for a hot read): its SELECT list and its
 * decoders.
 */
export function selection<S extends Shape>(shape: S): Selection<S> {
  const keys = Object.keys(shape);
  const decoders = keys.map((k) => decoderOf(k, shape[k]!));
  const list = sql.join(
    keys.map((k) => sql`${shape[k]!} AS ${sql.identifier(k)}`),
    sql`, `,
  );
  return {
    list,
    toRow: (raw) => {
      const row: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const key = keys[i]!;
        const value = raw[key];
        if (value === undefined) throw new Error(`select(): the statement returned no "${key}"`);
        row[key] = value === null ? null : decoders[i]!(value);
      }
      return row as RowOf<S>;
    },
  };
}

export interface SelectOptions {
  /** WITH … written before the SELECT. */
  with?: SQL;
  distinct?: boolean;
}

function statement<S extends Shape>(sel: Selection<S>, rest: SQL, opts: SelectOptions): SQL {
  return sql`${opts.with ?? sql``} SELECT ${opts.distinct ? sql`DISTINCT ` : sql``}${sel.list} ${rest}`;
}

/** `SELECT <shape> <rest>`: typed, decoded rows. */
export async function select<S extends Shape>(
  db: DbOrTx,
  shape: S | Selection<S>,
  rest: SQL,
  opts: SelectOptions = {},
): Promise<RowOf<S>[]> {
  const sel = 'toRow' in shape ? (shape as Selection<S>) : selection(shape as S);
  const found = await rows<Record<string, unknown>>(db, statement(sel, rest, opts));
  return found.map(sel.toRow);
}

/** The first row of select(), or undefined. */
export async function selectOne<S extends Shape>(
  db: DbOrTx,
  shape: S | Selection<S>,
  rest: SQL,
  opts: SelectOptions = {},
): Promise<RowOf<S> | undefined> {
  const [row] = await select(db, shape, rest, opts);
  return row;
}

/**
 * select() for a hot read: a named prepared statement on PostgreSQL's pool (see preparedRows),
 * an ordinary query in a transaction or on PGlite.
 */
export async function preparedSelect<S extends Shape>(
  db: DbOrTx,
  name: string | ((text: string) => string),
  sel: Selection<S>,
  rest: SQL,
  opts: SelectOptions = {},
): Promise<RowOf<S>[]> {
  const found = await preparedRows<Record<string, unknown>>(db, name, statement(sel, rest, opts));
  return found.map(sel.toRow);
}

/** A read compiled once: its text and the order of its named values ($1, $2 …). */
export interface PreparedSelect<S extends Shape, P extends string> {
  text: string;
  all(db: DbOrTx, values: Record<P, unknown>): Promise<RowOf<S>[]>;
  one(db: DbOrTx, values: Record<P, unknown>): Promise<RowOf<S> | undefined>;
}

const dialect = new PgDialect();

/**
 * The hottest reads: the statement is written once, with `sql.placeholder('name')` for each
 * value, and compiled to PostgreSQL text when the module loads, so no query builder runs per
 * call; each call binds its values and runs the text as a named prepared statement on the pool
 * (preparedText). The rows are typed and decoded from the shape as select()'s are.
 */
export function prepareSelect<S extends Shape, P extends string = string>(
  nameOrNaming: string | ((text: string) => string),
  shape: S,
  rest: SQL,
  opts: SelectOptions = {},
): PreparedSelect<S, P> {
  const sel = selection(shape);
  const query = dialect.sqlToQuery(statement(sel, rest, opts));
  const name = typeof nameOrNaming === 'string' ? nameOrNaming : nameOrNaming(query.sql);
  const all = async (db: DbOrTx, values: Record<P, unknown>) => {
    const found = await preparedText<Record<string, unknown>>(
      db,
      name,
      query.sql,
      fillPlaceholders(query.params, values),
    );
    return found.map(sel.toRow);
  };
  return {
    text: query.sql,
    all,
    one: async (db, values) => (await all(db, values))[0],
  };
}

/**
 * prepareSelect for a read whose text varies by a few choices (a sort, an order, an optional
 * filter, whether the caller has a tree): `build` writes the variant's statement with
 * `sql.placeholder('name')` for every value, and each variant is compiled once, on its first
 * use, and kept. A call then only binds its values: no query builder runs per call.
 * `variant` is a short key that names the choices (it must decide `build`'s text alone).
 */
export function prepareVariants<V extends string, S extends Shape, P extends string = string>(
  name: string,
  build: (variant: V) => { shape: S; rest: SQL; opts?: SelectOptions },
): (variant: V) => PreparedSelect<S, P> {
  const compiled = new Map<V, PreparedSelect<S, P>>();
  return (variant) => {
    let found = compiled.get(variant);
    if (!found) {
      const { shape, rest, opts } = build(variant);
      found = prepareSelect<S, P>(nameByText(name), shape, rest, opts);
      compiled.set(variant, found);
    }
    return found;
  };
}

/** A named value of a prepared variant's statement (`sql.placeholder`), as an SQL fragment. */
export const bound = (name: string): SQL => sql`${sql.placeholder(name)}`;
