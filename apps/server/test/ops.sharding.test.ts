import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createTestContext } from './helpers';

const ctx = await createTestContext();

/** The tables that grow with the business (decision 020): each must carry the shard key. */
const CARRYING = [
  'agents',
  'agent_policies',
  'price_shares',
  'terminals',
  'merchants',
  'merchant_rates',
  'terminal_operations',
  'rate_changes',
  'fee_changes',
  'transactions',
  'ledger_accounts',
  'ledger_lines',
  'withdrawals',
  'settle_accounts',
  'ledger_adjustments',
  'terminal_daily_volume',
  'agent_daily_stats',
  'agent_daily_earnings',
  'agent_monthly_stats',
  'fee_collections',
  'standard_assessments',
  'monthly_allowances',
  'mall_orders',
  'mall_payments',
  'mall_free_quotas',
];
/** Tables that reach the key in one join: [table, its column, the table that column points at]. */
const ONE_JOIN: [string, string, string][] = [
  ['terminal_operation_items', 'operation_id', 'terminal_operations'],
  ['fee_change_items', 'fee_change_id', 'fee_changes'],
  ['agent_policy_rates', 'agent_policy_id', 'agent_policies'],
  ['agent_policy_versions', 'agent_policy_id', 'agent_policies'],
  ['settlements', 'txn_id', 'transactions'],
  ['sessions', 'agent_id', 'agents'],
  ['remember_tokens', 'agent_id', 'agents'],
  ['agent_identities', 'agent_id', 'agents'],
  ['pay_password_guards', 'agent_id', 'agents'],
  ['merchant_files', 'merchant_id', 'merchants'],
  ['ledger_entries', 'id', 'ledger_lines'],
  ['mall_addresses', 'agent_id', 'agents'],
  ['mall_order_items', 'order_id', 'mall_orders'],
];
/** The platform's own small tables (reference tables once distributed) and bookkeeping. */
const NOT_SHARDED = [
  'audit_logs',
  'content_files',
  'content_texts',
  'mall_products',
  'policy_versions',
  'operators',
  'operator_sessions',
  'terminal_imports',
  'app_configs',
  'app_versions',
  'app_bundles',
  'banners',
  'brands',
  'captchas',
  'job_runs',
  'notices',
  'notify_log',
  'policies',
  'policy_rates',
  'price_share_history',
  'rate_events',
  'schema_migrations',
  'server_secrets',
  'settlement_queue',
  'sms_codes',
  'sms_outbox',
  'system_params',
  'terminal_stock_counts',
  'transaction_keys',
];

async function columns() {
  const found = await rows<{ tbl: string; col: string }>(
    ctx.database.db,
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
    const known = new Set([...CARRYING, ...ONE_JOIN.map(([t]) => t), ...NOT_SHARDED]);
    const unclassified = [...(await columns()).keys()].filter((t) => !known.has(t));
    expect(unclassified).toEqual([]);
  });

  it('carries top_id, or reaches it in one join', async () => {
    const cols = await columns();
    for (const t of CARRYING) expect(cols.get(t), t).toContain('top_id');
    for (const [t, col, parent] of ONE_JOIN) {
      expect(cols.get(t), t).toContain(col);
      expect(cols.get(parent), parent).toContain('top_id');
    }
  });

  it("fills top_id with the tree of the row's agent in the demo data", async () => {
    for (const t of CARRYING) {
      const agentCol =
        t === 'agents' ? 'id' : (await columns()).get(t)!.has('agent_id') ? 'agent_id' : null;
      if (!agentCol) continue;
      const [r] = await rows<{ wrong: number }>(
        ctx.database.db,
        sql.raw(
          `SELECT count(*)::int AS wrong FROM ${t} x JOIN agents a ON a.id = x.${agentCol}
            WHERE x.top_id IS DISTINCT FROM a.top_id`,
        ),
      );
      expect(r!.wrong, t).toBe(0);
    }
  });
});
