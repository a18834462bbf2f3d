import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../src/db/client';
import { CARRYING, ONE_JOIN, type OneJoin } from './sharding-tables';

/**
 * The query audit of decision 020: which SQL statements a piece of work sends to the database,
 * and whether each occurrence of a large table in them is routed to one tree's shard.
 *
 * Statements are captured at the driver (pg's Client.query, which the pool and its clients run
 * every query through, and PGlite's query, exec and transaction), so nothing the app sends is
 * missed, whichever way it was built. They are then analysed by PostgreSQL itself: each one is
 * PREPAREd with debug_print_parse on, and the analysed parse tree it logs (every name resolved
 * to a table and column, every alias and join bound) is read here.
 */

/** One statement as it was sent, with what sent it. */
export interface Captured {
  label: string;
  text: string;
}

const capture = new AsyncLocalStorage<{ label: string; out: Captured[] }>();

function record(text: unknown) {
  const store = capture.getStore();
  if (store && typeof text === 'string') store.out.push({ label: store.label, text });
}

/**
 * Starts recording: every statement sent while `during(label, fn)` runs fn (and whatever fn
 * starts, even after it returns) is kept under that label. Answers the recorder and a stop.
 */
export function startCapture() {
  const out: Captured[] = [];
  const clientProto = pg.Client.prototype as unknown as Record<string, unknown>;
  const pgQuery = clientProto.query as (...args: unknown[]) => unknown;
  clientProto.query = function (this: unknown, ...args: unknown[]) {
    const config = args[0];
    record(typeof config === 'string' ? config : (config as { text?: string } | null)?.text);
    return pgQuery.apply(this, args);
  };
  const liteProto = Object.getPrototypeOf(PGlite.prototype) as Record<string, unknown>;
  const liteQuery = liteProto.query as (...args: unknown[]) => unknown;
  const liteExec = liteProto.exec as (...args: unknown[]) => unknown;
  const liteTx = liteProto.transaction as (cb: (tx: unknown) => unknown) => unknown;
  liteProto.query = function (this: unknown, ...args: unknown[]) {
    record(args[0]);
    return liteQuery.apply(this, args);
  };
  liteProto.exec = function (this: unknown, ...args: unknown[]) {
    record(args[0]);
    return liteExec.apply(this, args);
  };
  liteProto.transaction = function (this: unknown, cb: (tx: unknown) => unknown) {
    return liteTx.call(this, (handle: unknown) => {
      const tx = handle as Record<string, unknown>;
      for (const name of ['query', 'exec']) {
        const fn = tx[name] as (...args: unknown[]) => unknown;
        tx[name] = (...args: unknown[]) => {
          record(args[0]);
          return fn(...args);
        };
      }
      return cb(tx);
    });
  };
  return {
    statements: out,
    // Awaited inside the context: app.inject's answer is lazy, and starts the request only when
    // it is awaited.
    during: <T>(label: string, fn: () => PromiseLike<T>) =>
      capture.run({ label, out }, async () => await fn()),
    stop() {
      clientProto.query = pgQuery;
      liteProto.query = liteQuery;
      liteProto.exec = liteExec;
      liteProto.transaction = liteTx;
    },
  };
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL's node trees (nodeToString), as PostgreSQL's own reader takes them apart
// ---------------------------------------------------------------------------------------------

export interface PgNode {
  node: string;
  [field: string]: PgValue;
}
export type PgValue = PgNode | PgValue[] | string | null;

function tokens(text: string): string[] {
  const out: string[] = [];
  const breaks = ' \n\r\t(){}';
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (' \n\r\t'.includes(c)) i++;
    else if ('(){}'.includes(c)) out.push(text[i++]!);
    else {
      let j = i;
      while (j < text.length && !breaks.includes(text[j]!)) j += text[j] === '\\' ? 2 : 1;
      out.push(text.slice(i, j));
      i = j;
    }
  }
  return out;
}

/** Reads one value of a node tree: a node, a list, <> (null) or a scalar token. */
export function parseNodeTree(text: string): PgValue {
  const toks = tokens(text);
  let pos = 0;
  const value = (): PgValue => {
    if (pos >= toks.length) throw new Error('node tree ends early');
    const t = toks[pos++];
    if (t === '{') {
      const node: PgNode = { node: toks[pos++]! };
      while (toks[pos] !== '}') {
        const field = toks[pos++]!;
        let v = value();
        // A datum is written as its length and its bytes: "8 [ 1 0 0 0 0 0 0 0 ]".
        if (toks[pos] === '[') {
          while (pos < toks.length && toks[pos] !== ']') pos++;
          pos++;
          v = `${String(v)} [datum]`;
        }
        node[field.slice(1)] = v;
      }
      pos++;
      return node;
    }
    if (t === '(') {
      const list: PgValue[] = [];
      while (toks[pos] !== ')') list.push(value());
      pos++;
      return list;
    }
    if (t === '<>') return null;
    return t ?? null;
  };
  return value();
}

const isNode = (v: PgValue | undefined, name?: string): v is PgNode =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && (!name || v.node === name);
const list = (v: PgValue | undefined): PgValue[] => (Array.isArray(v) ? v : []);
const unquote = (s: PgValue | undefined) =>
  typeof s === 'string' ? s.replace(/^"|"$/g, '').replace(/\\(.)/g, '$1') : '';

// ---------------------------------------------------------------------------------------------
// Routing: is each occurrence of a large table confined to one tree?
// ---------------------------------------------------------------------------------------------

/** An occurrence of a large table that no predicate confines to one tree. */
export interface Unrouted {
  table: string;
  alias: string;
  command: string;
}

/** A statement's verdict: its unrouted occurrences, and how each routed one is routed. */
export interface Audit {
  unrouted: Unrouted[];
  routes: string[];
}

interface Level {
  query: PgNode;
  outer: Level | null;
  /** rtindex -> how the occurrence is routed */
  routed: Map<number, string>;
}

interface ColumnRef {
  level: Level;
  rtindex: number;
  table: string;
  column: string;
}

/** The materialised paths carried by large tables; their first segment is the top agent. */
export const PATH_COLUMNS = ['path', 'agent_path', 'holder_path', 'child_path'];

const COMMANDS: Record<string, string> = {
  '1': 'SELECT',
  '2': 'UPDATE',
  '3': 'INSERT',
  '4': 'DELETE',
  '5': 'MERGE',
};

export class ShardAuditor {
  private readonly carrying = new Set(CARRYING);
  private readonly oneJoin = new Map<string, OneJoin>(ONE_JOIN.map((j) => [j.table, j]));
  private tables = new Map<string, string>();
  /** Operator oid -> name, for the operators a routing predicate is written with. */
  private operators = new Map<string, string>();
  private run!: (text: string) => Promise<string[]>;
  private done!: () => Promise<void>;

  /** Opens the analysis session on the test's database (beside the app's own). */
  static async open(database: Database): Promise<ShardAuditor> {
    const a = new ShardAuditor();
    const setup =
      "SET debug_print_parse = on; SET debug_pretty_print = off; SET client_min_messages = 'log'";
    if (database.kind === 'postgres') {
      const client = new pg.Client({ connectionString: database.url });
      let notices: string[] = [];
      client.on('notice', (n) => {
        if (n.message?.startsWith('parse tree')) notices.push(n.detail ?? '');
      });
      await client.connect();
      const q = async (text: string) => (await client.query<Record<string, string>>(text)).rows;
      a.tables = new Map((await q(TABLES_SQL)).map((r) => [r.oid!, r.name!]));
      a.operators = new Map((await q(OPERATORS_SQL)).map((r) => [r.oid!, r.name!]));
      await client.query(setup);
      a.run = async (text) => {
        notices = [];
        await client.query(text);
        return notices;
      };
      a.done = () => client.end();
    } else {
      const lite = (database.db as unknown as { $client: PGlite }).$client;
      const q = async (text: string) => (await lite.query<Record<string, string>>(text)).rows;
      a.tables = new Map((await q(TABLES_SQL)).map((r) => [r.oid!, r.name!]));
      a.operators = new Map((await q(OPERATORS_SQL)).map((r) => [r.oid!, r.name!]));
      await lite.exec(setup);
      a.run = async (text) => {
        const notices: string[] = [];
        await lite.query(text, [], {
          onNotice: (n) => {
            if (n.message?.startsWith('parse tree')) notices.push(n.detail ?? '');
          },
        });
        return notices;
      };
      a.done = async () => {
        await lite.exec(
          'RESET debug_print_parse; RESET debug_pretty_print; RESET client_min_messages',
        );
      };
    }
    return a;
  }

  close() {
    return this.done();
  }

  /**
   * The unrouted occurrences of large tables in one statement, or null for a statement that is
   * not a query (transaction control). Throws when PostgreSQL cannot prepare it.
   */
  async audit(text: string): Promise<Audit | null> {
    if (!/^\s*(select|insert|update|delete|with|values|merge)\b/i.test(text)) return null;
    let trees: string[];
    try {
      trees = await this.run(`PREPARE shard_audit AS ${text}`);
    } finally {
      await this.run('DEALLOCATE ALL');
    }
    const out: Audit = { unrouted: [], routes: [] };
    for (const tree of trees) {
      // The PREPARE itself is logged first, as a utility statement around the raw parse tree.
      if (/^\s*\{QUERY :commandType 6\b/.test(tree)) continue;
      const query = parseNodeTree(tree);
      if (isNode(query, 'QUERY') && query.commandType !== '6') this.level(query, null, out);
    }
    return out;
  }

  /** Decides the occurrences of one query level, then every query nested in it. */
  private level(query: PgNode, outer: Level | null, out: Audit) {
    const level: Level = { query, outer, routed: new Map() };
    const rtable = list(query.rtable);
    const command = COMMANDS[String(query.commandType)] ?? 'SELECT';
    const excluded = isNode(query.onConflict) ? Number(query.onConflict.exclRelIndex) : 0;
    const resultRelation = Number(query.resultRelation);
    // An INSERT places its rows by the key it writes: top_id on a carrying table, the join
    // column on a one-join table.
    if (command === 'INSERT' && resultRelation > 0) {
      const table = this.relation(rtable[resultRelation - 1]);
      const written = new Set(
        list(query.targetList)
          .filter((te) => isNode(te) && te.resjunk !== 'true')
          .map((te) => (isNode(te) ? String(te.resname) : '')),
      );
      const key = this.oneJoin.get(table ?? '')?.column ?? 'top_id';
      if (table && written.has(key)) level.routed.set(resultRelation, `inserts ${key}`);
    }
    const facts = this.facts(query);
    for (let changed = true; changed;) {
      changed = false;
      const route = (ref: ColumnRef, how: string) => {
        level.routed.set(ref.rtindex, how);
        changed = true;
      };
      // A path column confined to one subtree: both bounds of a range, or a LIKE.
      const bounds = new Map<string, { ref: ColumnRef; ops: Set<string> }>();
      for (const { expr, scope } of facts) {
        const b = this.binary(expr);
        if (!b) continue;
        const sides = b.op === '=' ? [b.args, [b.args[1], b.args[0]] as const] : [b.args];
        for (const [x, y] of sides) {
          const ref = this.column(level, x);
          if (!ref || ref.level !== level || level.routed.has(ref.rtindex)) continue;
          if (scope && !scope.has(ref.rtindex)) continue;
          if (b.op === '=') {
            const how = this.routedBy(ref, level, y);
            if (how) route(ref, how);
          } else if (
            this.carrying.has(ref.table) &&
            PATH_COLUMNS.includes(ref.column) &&
            this.isPathBound(level, y)
          ) {
            const key = `${ref.rtindex}.${ref.column}`;
            const entry = bounds.get(key) ?? { ref, ops: new Set<string>() };
            entry.ops.add(b.op === '~>=~' ? '>=' : b.op === '~<~' ? '<' : b.op);
            bounds.set(key, entry);
          }
        }
      }
      for (const { ref, ops } of bounds.values()) {
        if (level.routed.has(ref.rtindex)) continue;
        if (ops.has('~~') || (ops.has('>=') && ops.has('<'))) route(ref, `${ref.column} prefix`);
      }
    }
    rtable.forEach((rte, i) => {
      const table = this.relation(rte);
      if (!table || i + 1 === excluded) return;
      if (!this.carrying.has(table) && !this.oneJoin.has(table)) return;
      const how = level.routed.get(i + 1);
      if (how) return void out.routes.push(`${table}: ${how}`);
      const alias = isNode(rte) && isNode(rte.eref) ? String(rte.eref.aliasname) : table;
      out.unrouted.push({ table, alias, command: i + 1 === resultRelation ? command : 'SELECT' });
    });
    for (const child of nestedQueries(query)) this.level(child, level, out);
  }

  /** How `ref = other` routes ref's occurrence, if it does. */
  private routedBy(ref: ColumnRef, level: Level, other: PgValue): string | null {
    const value = stripCasts(other);
    if (this.carrying.has(ref.table) && ref.column === 'top_id') {
      if (isNode(value, 'PARAM') && value.paramkind === '0') return 'top_id = $param';
      if (isNode(value, 'CONST') && value.constisnull !== 'true') return 'top_id = constant';
      const to = this.column(level, value);
      if (to && to.column === 'top_id' && this.carrying.has(to.table) && this.isRouted(to))
        return `top_id = ${to.table}.top_id`;
    }
    const join = this.oneJoin.get(ref.table);
    if (join && ref.column === join.column) {
      const to = this.column(level, value);
      if (to && to.table === join.parent && to.column === join.parentColumn && this.isRouted(to))
        return `joined to ${join.parent}`;
    }
    return null;
  }

  private isRouted(ref: ColumnRef) {
    return ref.level.routed.has(ref.rtindex);
  }

  private relation(rte: PgValue | undefined): string | null {
    if (!isNode(rte) || rte.rtekind !== '0') return null;
    return this.tables.get(String(rte.relid)) ?? null;
  }

  /** The table column a Var stands for, through join aliases, or null. */
  private column(level: Level, expr: PgValue): ColumnRef | null {
    const v = stripCasts(expr);
    if (!isNode(v, 'VAR')) return null;
    let at: Level | null = level;
    for (let up = Number(v.varlevelsup); up > 0 && at; up--) at = at.outer;
    if (!at) return null;
    const rtindex = Number(v.varno);
    const rte = list(at.query.rtable)[rtindex - 1];
    if (!isNode(rte)) return null;
    const attno = Number(v.varattno);
    if (rte.rtekind === '2') {
      const alias = list(rte.joinaliasvars)[attno - 1];
      return alias ? this.column(at, { ...(stripCasts(alias) as PgNode), varlevelsup: '0' }) : null;
    }
    const table = this.relation(rte);
    if (!table || attno < 1 || !isNode(rte.eref)) return null;
    return { level: at, rtindex, table, column: unquote(list(rte.eref.colnames)[attno - 1]) };
  }

  /** An operator of a routing predicate (=, a range bound, LIKE) and its two sides, or null. */
  private binary(expr: PgValue): { op: string; args: readonly [PgValue, PgValue] } | null {
    if (!isNode(expr, 'OPEXPR')) return null;
    const op = this.operators.get(String(expr.opno));
    const args = list(expr.args);
    return op && args.length === 2 ? { op, args: [args[0]!, args[1]!] } : null;
  }

  /**
   * A bound of a path range: values only (the caller's path, a bound made from it), or the path
   * of a row that is itself routed (a subtree of a row of the tree lies in the same tree).
   */
  private isPathBound(level: Level, expr: PgValue): boolean {
    let leaves = 0;
    const ok = (v: PgValue): boolean => {
      if (Array.isArray(v)) return v.every(ok);
      if (!isNode(v)) return true;
      if (v.node === 'SUBLINK' || v.node === 'QUERY') return false;
      if (v.node === 'PARAM' || v.node === 'CONST') {
        leaves++;
        return v.node === 'CONST' || v.paramkind === '0';
      }
      if (v.node === 'VAR') {
        leaves++;
        const ref = this.column(level, v);
        return !!ref && PATH_COLUMNS.includes(ref.column) && this.isRouted(ref);
      }
      return Object.entries(v).every(([k, x]) => k === 'node' || ok(x));
    };
    return ok(expr) && leaves > 0;
  }

  /**
   * The conjuncts that filter this level's relations, each with the relations it filters: the
   * WHERE clause filters them all; an inner join's ON clause its two sides; an outer join's ON
   * clause only its nullable side.
   */
  private facts(query: PgNode) {
    const facts: { expr: PgValue; scope: Set<number> | null }[] = [];
    const add = (quals: PgValue | undefined, scope: Set<number> | null) => {
      for (const expr of conjuncts(quals ?? null)) facts.push({ expr, scope });
    };
    const walk = (n: PgValue | undefined) => {
      if (isNode(n, 'FROMEXPR')) list(n.fromlist).forEach(walk);
      if (!isNode(n, 'JOINEXPR')) return;
      walk(n.larg);
      walk(n.rarg);
      const type = String(n.jointype);
      const scope =
        type === '0'
          ? new Set([...rels(n.larg), ...rels(n.rarg)])
          : type === '1'
            ? rels(n.rarg)
            : type === '3'
              ? rels(n.larg)
              : new Set<number>();
      add(n.quals, scope);
    };
    const jointree = query.jointree;
    if (isNode(jointree, 'FROMEXPR')) {
      add(jointree.quals, null);
      walk(jointree);
    }
    return facts;
  }
}

function rels(n: PgValue | undefined): Set<number> {
  if (isNode(n, 'RANGETBLREF')) return new Set([Number(n.rtindex)]);
  if (isNode(n, 'JOINEXPR')) return new Set([...rels(n.larg), ...rels(n.rarg)]);
  if (isNode(n, 'FROMEXPR')) return new Set(list(n.fromlist).flatMap((x) => [...rels(x)]));
  return new Set();
}

function conjuncts(expr: PgValue): PgValue[] {
  if (expr === null) return [];
  if (isNode(expr, 'BOOLEXPR') && expr.boolop === 'and') return list(expr.args).flatMap(conjuncts);
  return [expr];
}

/** Casts and relabellings around a value, which do not change what it is. */
function stripCasts(expr: PgValue): PgValue {
  let e = expr;
  for (;;) {
    if (isNode(e, 'RELABELTYPE') || isNode(e, 'COERCEVIAIO')) e = e.arg!;
    else if (isNode(e, 'FUNCEXPR') && ['1', '2'].includes(String(e.funcformat)))
      e = list(e.args)[0] ?? null;
    else return e;
  }
}

/** The queries directly inside a query: CTEs, subqueries in FROM, sublinks anywhere. */
function nestedQueries(query: PgNode): PgNode[] {
  const found: PgNode[] = [];
  const walk = (v: PgValue) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (isNode(v)) {
      if (v.node === 'QUERY' && v !== query) found.push(v);
      else for (const [k, x] of Object.entries(v)) if (k !== 'node') walk(x);
    }
  };
  walk(query);
  return found;
}

const TABLES_SQL = `
  SELECT c.oid::int8::text AS oid, coalesce(p.relname, c.relname) AS name
    FROM pg_class c
    LEFT JOIN pg_inherits i ON i.inhrelid = c.oid
    LEFT JOIN pg_class p ON p.oid = i.inhparent
   WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p')`;
const OPERATORS_SQL = `
  SELECT oid::int8::text AS oid, oprname AS name FROM pg_operator
   WHERE oprname IN ('=', '>=', '<', '~>=~', '~<~', '~~')`;
