/**
 * Benchmark of the team list (npm run bench:team -w @pos/server).
 *
 * Builds a throwaway PostgreSQL database (DATABASE_URL, or postgres://postgres@127.0.0.1:5432/test,
 * names the server it is created on), two agent trees of 10,000 agents each in 10 levels, and a
 * realistic month and a half of daily rollups for every agent; then times the team calls of one
 * top agent through the whole HTTP stack (app.inject: auth, session check, validation, SQL,
 * serialisation) and prints median and p99. The database is dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase, rows, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { hashPassword } from '../src/lib/crypto';
import { currentMonth, monthKey, shiftMonth } from '../src/modules/team/month';

const ADMIN_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const AGENTS_PER_TREE = 10_000;
/** Agents at each depth below the top (the top is depth 0): 10 levels in all. */
const PER_DEPTH = [500, 1500, 2000, 1800, 1500, 1200, 800, 500, 199];
const WARMUP = 30;
const RUNS = Number(process.env.BENCH_RUNS ?? 300);

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A small seeded generator, so every run builds the same trees. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface NewAgent {
  id: number;
  parentId: number | null;
  path: string;
  depth: number;
  topId: number;
  level: number;
  createdAt: Date;
}

function buildTree(firstId: number, random: () => number): NewAgent[] {
  const top: NewAgent = {
    id: firstId,
    parentId: null,
    path: `/${firstId}/`,
    depth: 0,
    topId: firstId,
    level: 5,
    createdAt: new Date(Date.now() - 800 * 86_400_000),
  };
  const all = [top];
  let previous = [top];
  let next = firstId + 1;
  for (const [i, count] of PER_DEPTH.entries()) {
    const depth = i + 1;
    const level: NewAgent[] = [];
    for (let k = 0; k < count; k++) {
      // A skewed choice of parent: some agents build big teams, most build small ones.
      const parent = previous[Math.floor(random() ** 2 * previous.length)]!;
      const id = next++;
      level.push({
        id,
        parentId: parent.id,
        path: `${parent.path}${id}/`,
        depth,
        topId: top.id,
        level: Math.max(1, Math.min(parent.level, 5 - Math.floor(depth / 2))),
        createdAt: new Date(
          parent.createdAt.getTime() + random() * (Date.now() - parent.createdAt.getTime()),
        ),
      });
    }
    all.push(...level);
    previous = level;
  }
  if (all.length !== AGENTS_PER_TREE) throw new Error(`tree has ${all.length} agents`);
  return all;
}

async function insertAgents(database: Database, list: NewAgent[], passwordHash: string) {
  for (let i = 0; i < list.length; i += 5000) {
    const batch = list.slice(i, i + 5000);
    const arr = (values: (string | number | null)[]) =>
      `{${values.map((v) => (v === null ? 'NULL' : `"${v}"`)).join(',')}}`;
    await database.db.execute(sql`
      INSERT INTO agents (id, mobile, password_hash, name, parent_id, path, depth, top_id, level, invite_code, created_at)
      SELECT u.id, (15000000000 + u.id)::text, ${passwordHash}, '代理' || u.id, u.parent_id, u.path, u.depth,
             u.top_id, u.level, 'B' || u.id, u.created_at
        FROM unnest(${arr(batch.map((a) => a.id))}::bigint[], ${arr(batch.map((a) => a.parentId))}::bigint[],
                    ${arr(batch.map((a) => a.path))}::text[], ${arr(batch.map((a) => a.depth))}::int[],
                    ${arr(batch.map((a) => a.topId))}::bigint[], ${arr(batch.map((a) => a.level))}::int[],
                    ${arr(batch.map((a) => a.createdAt.toISOString()))}::timestamptz[])
             AS u(id, parent_id, path, depth, top_id, level, created_at)`);
  }
}

const median = (xs: number[]) => quantile(xs, 0.5);
function quantile(xs: number[], q: number) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(q * s.length) - 1)]!;
}

async function main() {
  const name = `bench_team_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const database = await openDatabase({ databaseUrl: withDb(ADMIN_URL, name) });
  // Dropping the database at the end cuts the pool's last connections; that is expected.
  (
    database.db as unknown as { $client?: { on?: (e: string, f: () => void) => void } }
  ).$client?.on?.('error', () => {});
  try {
    const t0 = performance.now();
    await migrate(database);
    const random = rng(42);
    const passwordHash = await hashPassword('bench123', 1024);
    const trees = [buildTree(1, random), buildTree(1 + AGENTS_PER_TREE, random)];
    for (const tree of trees) await insertAgents(database, tree, passwordHash);
    await database.db.execute(
      sql`SELECT setval(pg_get_serial_sequence('agents', 'id'), (SELECT max(id) FROM agents))`,
    );

    // Daily rollups: most agents trade on most days, amounts spread over two orders of magnitude.
    const from = monthKey(shiftMonth(currentMonth(), -1));
    const today = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
    await database.db.execute(sql`
      INSERT INTO agent_daily_stats
        (agent_id, top_id, day, trade_amount_fen, trade_count, new_merchants, activated_terminals)
      SELECT a.id, a.top_id, g.day, 10000 + (g.h % 1000) * (g.h % 997), 1 + g.h % 60,
             CASE WHEN g.h % 9 = 0 THEN 1 + g.h % 3 ELSE 0 END, CASE WHEN g.h % 11 = 0 THEN 1 ELSE 0 END
        FROM agents a
        CROSS JOIN LATERAL (
          SELECT d::date AS day, abs(hashtext(a.id::text || ':' || d::date::text)::bigint) AS h
            FROM generate_series(${from}::date, ${today}::date, interval '1 day') d
        ) g
       WHERE g.h % 5 <> 0`);
    // Terminals: every agent holds 0-19 (about 190,000 in all), a third of them bound or activated
    // with the agent's own merchant; the terminals feature's triggers keep terminal_stock_counts.
    await database.db.execute(sql`INSERT INTO brands (name, models) VALUES ('基准品牌', '{B1}')`);
    await database.db.execute(sql`
      INSERT INTO merchants (merchant_no, name, legal_name, mobile, agent_id, agent_path, top_id)
      SELECT 'M' || a.id, '商户' || a.id, '法人', '13900000000', a.id, a.path, a.top_id FROM agents a`);
    await database.db.execute(sql`
      INSERT INTO terminals (sn, brand_id, model, holder_agent_id, holder_path, top_id, bind_status, merchant_id)
      SELECT 'SN' || lpad(a.id::text, 6, '0') || lpad(k::text, 3, '0'), (SELECT id FROM brands LIMIT 1), 'B1',
             a.id, a.path, a.top_id, s.status, CASE WHEN s.status = 0 THEN NULL ELSE m.id END
        FROM agents a
        JOIN merchants m ON m.agent_id = a.id
        CROSS JOIN LATERAL generate_series(1, abs(hashtext('t' || a.id::text)) % 20) k
        CROSS JOIN LATERAL (SELECT (ARRAY[0, 0, 1, 3])[1 + abs(hashtext(a.id::text || '/' || k::text)) % 4]::smallint AS status) s`);
    await database.exec('VACUUM ANALYZE');
    const [counts] = await rows<{
      agents: string;
      daily: string;
      monthly: string;
      terminals: string;
    }>(
      database.db,
      sql`SELECT (SELECT count(*) FROM agents) AS agents, (SELECT count(*) FROM agent_daily_stats) AS daily,
                 (SELECT count(*) FROM agent_monthly_stats) AS monthly, (SELECT count(*) FROM terminals) AS terminals`,
    );
    console.log(
      `built in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${counts!.agents} agents in 2 trees of ${AGENTS_PER_TREE} ` +
        `(10 levels, ${PER_DEPTH[0]} direct sub-agents of the top), ${counts!.daily} daily rows, ${counts!.monthly} monthly rows, ${counts!.terminals} terminals`,
    );

    const config = {
      ...loadConfig({}),
      captchaEnabled: false,
      jwtSecret: 'bench-secret-bench-secret-bench',
      scryptCost: 1024,
      webDist: '/nonexistent',
    };
    const app = await buildApp({ database, config, logger: false });
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/prod-api/login/app',
      payload: { username: '15000000001', password: 'bench123' },
    });
    const token = (login.json() as { token: string }).token;
    const headers = { authorization: `Bearer ${token}` };
    const call = async (url: string) => {
      const res = await app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
      const body = res.json() as {
        code: number;
        msg: string;
        data: { nextCursor?: string | null };
      };
      if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
      return body.data;
    };

    /** The cursor of page `page` (1-based) of a list, found by walking it. */
    const cursorOf = async (query: string, page: number) => {
      let cursor: string | null | undefined = null;
      for (let p = 1; p < page; p++) {
        const data = await call(
          `/api/ag/myAgent/list?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        );
        cursor = data.nextCursor;
        if (!cursor) throw new Error(`${query} has fewer than ${page} pages`);
      }
      return cursor!;
    };

    const [bigChild] = await rows<{ id: string }>(
      database.db,
      sql`SELECT c.id FROM agents c WHERE c.parent_id = 1
           ORDER BY (SELECT count(*) FROM agents d WHERE d.path LIKE c.path || '%') DESC LIMIT 1`,
    );
    const cases: [string, string][] = [
      ['list sort=volume, page 1', '/api/ag/myAgent/list?sort=volume&pageSize=20'],
      [
        'list sort=volume, page 20',
        `/api/ag/myAgent/list?sort=volume&pageSize=20&cursor=${await cursorOf('sort=volume&pageSize=20', 20)}`,
      ],
      ['list sort=newMerchants, page 1', '/api/ag/myAgent/list?sort=newMerchants&pageSize=20'],
      ['list sort=stock, page 1', '/api/ag/myAgent/list?sort=stock&pageSize=20'],
      ['list sort=createdAt, page 1', '/api/ag/myAgent/list?sort=createdAt&pageSize=20'],
      [
        'list sort=createdAt, page 20',
        `/api/ag/myAgent/list?sort=createdAt&pageSize=20&cursor=${await cursorOf('sort=createdAt&pageSize=20', 20)}`,
      ],
      ['list keyword=12 (search), page 1', '/api/ag/myAgent/list?keyword=12&pageSize=20'],
      [
        `list of the largest sub-team (id ${bigChild!.id})`,
        `/api/ag/myAgent/list?parentId=${bigChild!.id}&pageSize=20`,
      ],
      ['dept (team structure)', '/api/ag/my/center/dept'],
      ['stats (month and 6-month trend)', '/api/ag/myAgent/stats'],
    ];

    console.log(
      `\n${'call (top agent, 10,000 agents in its subtree)'.padEnd(52)} median ms   p99 ms`,
    );
    for (const [label, url] of cases) {
      for (let i = 0; i < WARMUP; i++) await call(url);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        await call(url);
        times.push(performance.now() - start);
      }
      console.log(
        `${label.padEnd(52)} ${median(times).toFixed(2).padStart(9)} ${quantile(times, 0.99).toFixed(2).padStart(8)}`,
      );
    }
    console.log(
      `\n${RUNS} runs each after ${WARMUP} warm-up runs, one connection pool, PostgreSQL at ${new URL(ADMIN_URL).host}.`,
    );
    await app.close();
  } finally {
    await database.close();
    // BENCH_KEEP_DB=1 keeps the database for looking at query plans; it is dropped otherwise.
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
}

await main();
