/**
 * Benchmark of terminal stock (npm run bench:terminals -w @pos/server). Not a test: it asserts
 * nothing and prints figures.
 *
 * Builds a throwaway PostgreSQL database (BENCH_DATABASE_URL or DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test names the server it is created on) holding one agent
 * tree of 10,000 agents in 10 levels, 100,000 merchants and 1,000,000 terminals; then times,
 * through the whole HTTP stack (app.inject: auth, session check, validation, SQL, serialisation):
 * - terminal list pages (first and following pages) of the top agent, a mid-level and a leaf
 *   agent, with and without filters: median and p99;
 * - the stock counts of the tab page;
 * - allocating 1,000 terminals by SN range to a direct sub-agent, and recalling them;
 * - the operators' console lists over the same data: every terminal operation (all, by SN, by
 *   agent), an SN's history, the agents' forest by keyword.
 * The database is dropped at the end, also when something fails.
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
import { seedOperators, DEMO_OPERATORS } from '../src/db/seed-operators';

const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ||
  process.env.DATABASE_URL ||
  'postgres://postgres@127.0.0.1:5432/test';
/** Agents per depth, top first: 10 levels, 10,000 agents. */
const LEVELS = [1, 3, 9, 27, 81, 243, 729, 1458, 2916, 4533];
const TERMINALS = 1_000_000;
const MERCHANTS = 100_000;
/** The top agent's own stock: SNs BM0000000001 .. BM0000100000, unbound. */
const TOP_STOCK = 100_000;
const FIRST_AGENT_ID = 1001;
const RUNS = 300;
const PASSWORD = 'bench123';

const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const ms = (n: number) => `${n.toFixed(2)} ms`;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

interface Agent {
  id: number;
  parentId: number | null;
  path: string;
  depth: number;
}

function buildTree(): Agent[] {
  const all: Agent[] = [];
  let previous: Agent[] = [];
  let id = FIRST_AGENT_ID;
  LEVELS.forEach((size, depth) => {
    const level: Agent[] = [];
    for (let i = 0; i < size; i++) {
      const parent = previous.length ? previous[i % previous.length]! : null;
      level.push({ id, parentId: parent?.id ?? null, path: `${parent?.path ?? '/'}${id}/`, depth });
      id += 1;
    }
    all.push(...level);
    previous = level;
  });
  return all;
}

async function load(database: Database, tree: Agent[]) {
  const db = database.db;
  const hash = await hashPassword(PASSWORD, 1024);
  const topId = FIRST_AGENT_ID;
  for (let i = 0; i < tree.length; i += 2000) {
    const chunk = tree.slice(i, i + 2000);
    const col = (f: (a: Agent) => string | number | null) =>
      chunk.map((a) => String(f(a) ?? '')).join(',');
    await db.execute(sql`
      INSERT INTO agents (id, mobile, password_hash, name, parent_id, path, depth, top_id, level, invite_code)
      SELECT id, '150' || lpad(id::text, 8, '0'), ${hash}, '代理' || id, nullif(parent, '')::bigint, path, depth, ${topId},
        1, 'B' || lpad(id::text, 8, '0')
      FROM (SELECT unnest(string_to_array(${col((a) => a.id)}, ','))::bigint AS id,
                   unnest(string_to_array(${col((a) => a.parentId)}, ',')) AS parent,
                   unnest(string_to_array(${col((a) => a.path)}, ',')) AS path,
                   unnest(string_to_array(${col((a) => a.depth)}, ','))::int AS depth) s`);
  }
  await db.execute(
    sql`SELECT setval(pg_get_serial_sequence('agents', 'id'), (SELECT max(id) FROM agents))`,
  );
  await db.execute(
    sql`INSERT INTO brands (id, name, models) VALUES (1, '联迪', ARRAY['A8']), (2, '新大陆', ARRAY['ME31'])`,
  );
  await db.execute(
    sql`INSERT INTO policies (id, brand_id, name) VALUES (1, 1, '联迪标准政策'), (2, 2, '新大陆标准政策')`,
  );

  // Merchant j belongs to agent FIRST_AGENT_ID + (j % 10,000).
  await db.execute(sql`
    INSERT INTO merchants (id, merchant_no, name, legal_name, mobile, agent_id, agent_path, top_id, created_at)
    SELECT g, 'M' || lpad(g::text, 11, '0'), '商户' || g, '张三', '137' || lpad((g % 100000000)::text, 8, '0'),
      a.id, a.path, ${topId}, now() - make_interval(days => g % 90)
    FROM generate_series(0, ${MERCHANTS - 1}::int) g
    JOIN agents a ON a.id = ${FIRST_AGENT_ID} + g % ${tree.length}::int`);

  // Terminals: the top's own unbound stock first, then every agent a share, 30% of it bound to the
  // agent's merchants and a third of those activated.
  const chunk = 200_000;
  for (let from = 1; from <= TERMINALS; from += chunk) {
    const to = Math.min(TERMINALS, from + chunk - 1);
    await db.execute(sql`
      INSERT INTO terminals (sn, brand_id, model, policy_id, holder_agent_id, holder_path, top_id, bind_status,
        merchant_id, bound_at, activated_at)
      SELECT 'BM' || lpad(g::text, 10, '0'), 1 + g % 2, CASE WHEN g % 2 = 0 THEN 'A8' ELSE 'ME31' END, 1 + g % 2,
        a.id, a.path, ${topId},
        CASE WHEN g <= ${TOP_STOCK} OR g % 10 >= 3 THEN 0 WHEN g % 10 = 0 THEN 3 ELSE 1 END,
        CASE WHEN g <= ${TOP_STOCK} OR g % 10 >= 3 THEN NULL ELSE g % ${tree.length}::int + ${tree.length}::int * (g % 10) END,
        CASE WHEN g <= ${TOP_STOCK} OR g % 10 >= 3 THEN NULL ELSE now() - interval '20 days' END,
        CASE WHEN g > ${TOP_STOCK} AND g % 10 = 0 THEN now() - interval '10 days' END
      FROM generate_series(${from}::int, ${to}::int) g
      JOIN agents a ON a.id = CASE WHEN g <= ${TOP_STOCK} THEN ${topId} ELSE ${FIRST_AGENT_ID} + g % ${tree.length}::int END`);
    process.stdout.write(`  terminals ${to.toLocaleString()}\r`);
  }
  process.stdout.write('\n');
  await db.execute(sql`VACUUM ANALYZE`);
}

async function main() {
  const name = `bench_terminals_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  console.log(`database ${name} created on ${new URL(ADMIN_URL).host}`);
  let database: Database | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    database = await openDatabase({ databaseUrl: withDb(ADMIN_URL, name) });
    await migrate(database);
    const tree = buildTree();
    const t0 = performance.now();
    await load(database, tree);
    console.log(
      `loaded ${tree.length.toLocaleString()} agents (${LEVELS.length} levels), ${MERCHANTS.toLocaleString()} merchants, ` +
        `${TERMINALS.toLocaleString()} terminals in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );

    const config = {
      ...loadConfig({}),
      captchaEnabled: false,
      adminTotp: false,
      jwtSecret: 'bench-secret-bench-secret-bench',
      webDist: '/nonexistent',
    };
    const server = await buildApp({ database, config, logger: false });
    app = server;
    await server.ready();
    const login = async (id: number) => {
      const res = await server.inject({
        method: 'POST',
        url: '/prod-api/login/app',
        payload: { username: `150${String(id).padStart(8, '0')}`, password: PASSWORD },
      });
      const body = res.json() as { token?: string; msg: string };
      if (!body.token) throw new Error(`login ${id} failed: ${body.msg}`);
      return body.token;
    };
    const topAgent = tree[0]!;
    const mid = tree.find((a) => a.depth === 3)!;
    const leaf = tree[tree.length - 1]!;
    const tokens = {
      top: await login(topAgent.id),
      mid: await login(mid.id),
      leaf: await login(leaf.id),
    };
    const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) => {
      const res = await server.inject({
        method,
        url: `/prod-api${url}`,
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      const body = res.json() as {
        code: number;
        msg: string;
        data: { nextCursor?: string | null; rows?: unknown[] };
      };
      if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
      return body.data;
    };

    const [counts] = await rows<Record<string, unknown>>(
      database.db,
      sql`SELECT
        (SELECT count(*) FROM terminals WHERE holder_path LIKE ${topAgent.path + '%'}) AS top,
        (SELECT count(*) FROM terminals WHERE holder_path LIKE ${mid.path + '%'}) AS mid,
        (SELECT count(*) FROM terminals WHERE holder_path LIKE ${leaf.path + '%'}) AS leaf`,
    );
    console.log(
      `subtree sizes: top ${Number(counts!.top).toLocaleString()} terminals, mid-level (depth 3) ${Number(counts!.mid).toLocaleString()}, ` +
        `leaf ${Number(counts!.leaf).toLocaleString()}\n`,
    );

    /** Walks pages like a user scrolling: 10 pages deep, then starts again. */
    const listBench = async (label: string, token: string, query: string) => {
      const times: number[] = [];
      let cursor: string | null = null;
      let page = 0;
      for (let i = 0; i < RUNS + 20; i++) {
        const url = `/api/term-info/list?pageSize=20${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
        const start = performance.now();
        const data = await call(token, 'GET', url);
        const took = performance.now() - start;
        if (i >= 20) times.push(took);
        page += 1;
        cursor = page < 10 ? (data.nextCursor ?? null) : null;
        if (!cursor) page = 0;
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(48)} median ${ms(percentile(times, 50))}   p99 ${ms(percentile(times, 99))}`,
      );
    };
    console.log(`terminal list page (20 rows; ${RUNS} requests each, first to tenth page):`);
    await listBench('  top agent, whole subtree', tokens.top, '');
    await listBench('  top agent, bound only', tokens.top, '&bindStatus=1');
    await listBench('  top agent, one brand, activated', tokens.top, '&brandId=2&bindStatus=3');
    await listBench('  top agent, SN search', tokens.top, '&sn=BM00005');
    await listBench('  mid-level agent (depth 3), whole subtree', tokens.mid, '');
    await listBench('  leaf agent (depth 9)', tokens.leaf, '');
    await listBench('  leaf agent, unbound only', tokens.leaf, '&bindStatus=0');

    const summaryTimes: number[] = [];
    for (let i = 0; i < 100; i++) {
      const start = performance.now();
      await call(tokens.top, 'GET', '/api/term-info/summary');
      summaryTimes.push(performance.now() - start);
    }
    summaryTimes.sort((a, b) => a - b);
    console.log(
      `\nstock counts (tab page), top agent: median ${ms(percentile(summaryTimes, 50))}   p99 ${ms(percentile(summaryTimes, 99))}`,
    );

    console.log('\nallocate 1,000 terminals by SN range to a direct sub-agent (top agent):');
    const child = tree.find((a) => a.parentId === topAgent.id)!;
    const allocTimes: number[] = [];
    for (let k = 0; k < 10; k++) {
      const startSn = `BM${String(k * 1000 + 1).padStart(10, '0')}`;
      const endSn = `BM${String(k * 1000 + 1000).padStart(10, '0')}`;
      const start = performance.now();
      const result = (await call(tokens.top, 'POST', '/api/term-info/operate', {
        type: 0,
        toAgentId: child.id,
        startSn,
        endSn,
      })) as unknown as { count: number };
      allocTimes.push(performance.now() - start);
      if (result.count !== 1000) throw new Error(`allocated ${result.count}`);
    }
    console.log(
      `  10 runs: ${allocTimes.map((t) => t.toFixed(0)).join(', ')} ms; median ${ms([...allocTimes].sort((a, b) => a - b)[5]!)}`,
    );
    const listAlloc: number[] = [];
    for (let k = 10; k < 15; k++) {
      const sns = Array.from(
        { length: 1000 },
        (_, i) => `BM${String(k * 1000 + i + 1).padStart(10, '0')}`,
      );
      const start = performance.now();
      await call(tokens.top, 'POST', '/api/term-info/operate', {
        type: 0,
        toAgentId: child.id,
        sns,
      });
      listAlloc.push(performance.now() - start);
    }
    console.log(
      `  by SN list of 1,000, 5 runs: ${listAlloc.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    const refused: number[] = [];
    for (let k = 0; k < 3; k++) {
      // Already moved: the check names the first SN; nothing changes.
      const start = performance.now();
      const res = await server.inject({
        method: 'POST',
        url: '/prod-api/api/term-info/operate',
        headers: { authorization: `Bearer ${tokens.top}` },
        payload: { type: 0, toAgentId: child.id, startSn: 'BM0000000001', endSn: 'BM0000001000' },
      });
      refused.push(performance.now() - start);
      if (res.json().code === 200) throw new Error('expected a refusal');
    }
    console.log(
      `  a refused 1,000 range (first offender named): ${refused.map((t) => t.toFixed(0)).join(', ')} ms`,
    );
    const recallStart = performance.now();
    const recall = (await call(tokens.top, 'POST', '/api/term-info/operate', {
      type: 2,
      fromAgentId: child.id,
      startSn: 'BM0000000001',
      endSn: 'BM0000001000',
    })) as unknown as { operationId: number };
    const recallTook = performance.now() - recallStart;
    const childToken = await login(child.id);
    const acceptStart = performance.now();
    await call(childToken, 'POST', '/api/term-info/recall/decide', {
      operationId: recall.operationId,
      accept: true,
    });
    console.log(
      `  recall 1,000 by range: ${ms(recallTook)}; holder accepts: ${ms(performance.now() - acceptStart)}`,
    );

    // The operators' console over the same million terminals.
    await seedOperators(database.db, { scryptCost: config.scryptCost });
    const opLogin = await server.inject({
      method: 'POST',
      url: '/prod-api/admin/auth/login',
      payload: DEMO_OPERATORS.super_admin,
    });
    const opToken = (opLogin.json() as { data: { token: string } }).data.token;
    const consoleBench = async (label: string, url: string, runs = 100) => {
      const times: number[] = [];
      for (let i = 0; i < runs + 10; i++) {
        const start = performance.now();
        const res = await server.inject({
          method: 'GET',
          url: `/prod-api/admin${url}`,
          headers: { authorization: `Bearer ${opToken}` },
        });
        if (i >= 10) times.push(performance.now() - start);
        const body = res.json() as { code: number; msg: string };
        if (body.code !== 200) throw new Error(`${url}: ${body.msg}`);
      }
      times.sort((a, b) => a - b);
      console.log(
        `${label.padEnd(48)} median ${ms(percentile(times, 50))}   p99 ${ms(percentile(times, 99))}`,
      );
    };
    console.log('\nconsole lists (20 rows; 100 requests each):');
    await consoleBench('  terminal operations, all', '/terminals/operations?pageSize=20');
    await consoleBench('  terminal operations, by SN', '/terminals/operations?sn=BM0000000500');
    await consoleBench(
      '  terminal operations, by agent',
      `/terminals/operations?agent=150${String(child.id).padStart(8, '0')}`,
    );
    await consoleBench('  SN history', '/terminals/history?sn=BM0000000500');
    await consoleBench(
      '  agents, by mobile',
      `/agents?keyword=150${String(mid.id).padStart(8, '0')}`,
    );
    await consoleBench('  agents, whole forest', '/agents?pageSize=20');
  } catch (err) {
    console.error(err);
    process.exitCode = 1;
  } finally {
    await app?.close();
    await database?.close();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    console.log(`\ndatabase ${name} dropped`);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
