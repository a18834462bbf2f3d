import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { CARRYING, NOT_SHARDED, ONE_JOIN } from './sharding-tables';
import { PATH_COLUMNS } from './shard-audit';
import { PNG, uploadMerchantFile } from './upload-helpers';

const ctx = await createTestContext({ smsOutboxApi: true });
const db = ctx.database.db;

async function columns() {
  const found = await rows<{ tbl: string; col: string }>(
    db,
    sql`SELECT c.relname AS tbl, a.attname AS col FROM pg_class c
          JOIN pg_namespace n ON n.oid = c.relnamespace
          JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
         WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
  );
  const byTable = new Map<string, Set<string>>();
  for (const { tbl, col } of found) {
    if (!byTable.has(tbl)) byTable.set(tbl, new Set());
    byTable.get(tbl)!.add(col);
  }
  return byTable;
}

describe('every large table can be distributed by its top-level agent', () => {
  it('classifies every table, so a new one must declare how it shards', async () => {
    const known = new Set([...CARRYING, ...ONE_JOIN.map((j) => j.table), ...NOT_SHARDED]);
    const unclassified = [...(await columns()).keys()].filter((t) => !known.has(t));
    expect(unclassified).toEqual([]);
  });

  it('carries top_id, or reaches it in one join that the schema declares', async () => {
    const cols = await columns();
    for (const t of CARRYING) expect(cols.get(t), t).toContain('top_id');
    const keys = await rows<{ a: string; acols: string; b: string; bcols: string }>(
      db,
      sql`SELECT conrelid::regclass::text AS a, confrelid::regclass::text AS b,
                 (SELECT string_agg(attname, ',') FROM pg_attribute
                   WHERE attrelid = conrelid AND attnum = ANY(conkey)) AS acols,
                 (SELECT string_agg(attname, ',') FROM pg_attribute
                   WHERE attrelid = confrelid AND attnum = ANY(confkey)) AS bcols
            FROM pg_constraint WHERE contype = 'f'`,
    );
    const leading = await rows<{ tbl: string; col: string }>(
      db,
      sql`SELECT i.indrelid::regclass::text AS tbl, a.attname AS col FROM pg_index i
            JOIN pg_class c ON c.oid = i.indrelid AND c.relkind = 'p'
            JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = i.indkey[0]`,
    );
    for (const { table, column, parent, parentColumn } of ONE_JOIN) {
      expect(cols.get(table), table).toContain(column);
      expect(cols.get(parent), parent).toContain(parentColumn);
      expect(cols.get(parent), parent).toContain('top_id');
      // A foreign key between the two columns (either way), or, where the big partitioned tables
      // keep none (0005_ledger), an index that finds the parent's rows by the join column.
      const declared =
        keys.some(
          (k) =>
            (k.a === table && k.acols === column && k.b === parent && k.bcols === parentColumn) ||
            (k.a === parent && k.acols === parentColumn && k.b === table && k.bcols === column),
        ) || leading.some((i) => i.tbl === parent && i.col === parentColumn);
      expect(declared, `${table}.${column} -> ${parent}.${parentColumn}`).toBe(true);
    }
  });

  it('reaches exactly one tree through that join, for every row the app writes', async () => {
    // The demo data leaves a few of these tables empty: sign in (sessions, remember tokens),
    // order from the mall and upload a merchant's licence, as the app does.
    const token = await loginAs(ctx.app, DEMO_ACCOUNTS.top.mobile);
    await ctx.app.inject({
      method: 'POST',
      url: '/prod-api/login/app',
      payload: { username: DEMO_ACCOUNTS.child.mobile, password: 'demo123', remember: true },
    });
    const [product] = await rows<{ id: unknown }>(db, sql`SELECT id FROM mall_products LIMIT 1`);
    const [address] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM mall_addresses WHERE agent_id = ${ctx.demo.top.id}`,
    );
    const order = await agentCall(ctx.app, token, 'POST', '/api/mall/order/create', {
      items: [{ productId: Number(product!.id), quantity: 1 }],
      addressId: Number(address!.id),
      shippingWay: 4,
      payType: 4,
    });
    expect(order.code, order.msg).toBe(200);
    const [merchant] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM merchants WHERE agent_id = ${ctx.demo.top.id} ORDER BY id LIMIT 1`,
    );
    const upload = await uploadMerchantFile(ctx.app, token, Number(merchant!.id), 'shop', PNG);
    expect(upload.json().code).toBe(200);

    for (const { table, column, parent, parentColumn } of ONE_JOIN) {
      const [r] = await rows<{ n: number; orphans: number; wrong: number }>(
        db,
        sql.raw(
          `SELECT count(*)::int AS n,
                  count(*) FILTER (WHERE trees.reached = 0)::int AS orphans,
                  count(*) FILTER (WHERE trees.tops <> 1 AND NOT ${spanning(table)})::int AS wrong
             FROM ${table} x
             CROSS JOIN LATERAL (
               SELECT count(*) AS reached, count(DISTINCT p.top_id) AS tops
                 FROM ${parent} p WHERE p.${parentColumn} = x.${column}) trees`,
        ),
      );
      expect(r!.n, `${table} has rows to check`).toBeGreaterThan(0);
      expect(r!.orphans, `${table} rows reaching no ${parent}`).toBe(0);
      expect(r!.wrong, `${table} rows reaching no tree, or several`).toBe(0);
    }
  });

  it("starts every path copy with its row's top agent (the audit routes by path prefix)", async () => {
    const cols = await columns();
    for (const t of CARRYING) {
      for (const c of PATH_COLUMNS.filter((p) => cols.get(t)!.has(p))) {
        const [r] = await rows<{ wrong: number }>(
          db,
          sql.raw(
            `SELECT count(*)::int AS wrong FROM ${t}
              WHERE top_id IS NOT NULL AND split_part(${c}, '/', 2) <> top_id::text`,
          ),
        );
        expect(r!.wrong, `${t}.${c}`).toBe(0);
      }
    }
  });

  it("fills top_id with the tree of the row's agent in the demo data", async () => {
    for (const t of CARRYING) {
      const agentCol =
        t === 'agents' ? 'id' : (await columns()).get(t)!.has('agent_id') ? 'agent_id' : null;
      if (!agentCol) continue;
      const [r] = await rows<{ wrong: number }>(
        db,
        sql.raw(
          `SELECT count(*)::int AS wrong FROM ${t} x JOIN agents a ON a.id = x.${agentCol}
            WHERE x.top_id IS DISTINCT FROM a.top_id`,
        ),
      );
      expect(r!.wrong, t).toBe(0);
    }
  });
});

/**
 * A settlement batch posts one ledger entry for all its transactions, whatever their trees, so
 * such an entry reaches several trees today; decision 020 takes the batches per shard, after
 * which every entry lies in one tree. Every other entry already does.
 */
function spanning(table: string) {
  return table === 'ledger_entries'
    ? `(x.reason = 'trade_settlement' AND x.idem_key LIKE 'settle-batch:%')`
    : 'false';
}
