/**
 * How every table is placed once the data outgrows one database (decision 020), shared by the
 * schema check (ops.sharding.test.ts) and the query audit (ops.shard-queries.test.ts).
 */

/** The tables that grow with the business: each carries the shard key, top_id. */
export const CARRYING = [
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
  'fee_supersessions',
  'standard_assessments',
  'monthly_allowances',
  'mall_orders',
  'mall_payments',
  'mall_free_quotas',
  'channel_trade_extras',
  'agent_exports',
  'credit_sales',
  'credit_deductions',
  'support_tickets',
  'support_ticket_images',
  'support_ticket_replies',
  'school_favourites',
  'school_downloads',
  'terminal_schemes',
  'scheme_stage_results',
  'scheme_rewards',
  'false_activations',
  'push_subscriptions',
  'rank_boards',
  'rank_entries',
];

/**
 * A large table that reaches the key in one join: its `column` equals `parentColumn` of rows of
 * `parent`, which carries top_id. Usually the column is the table's own foreign key to the
 * parent's id; ledger_entries is reached the other way, through its lines' entry_id.
 */
export interface OneJoin {
  table: string;
  column: string;
  parent: string;
  parentColumn: string;
}

const fk = (table: string, column: string, parent: string): OneJoin => ({
  table,
  column,
  parent,
  parentColumn: 'id',
});

export const ONE_JOIN: OneJoin[] = [
  fk('terminal_operation_items', 'operation_id', 'terminal_operations'),
  fk('fee_change_items', 'fee_change_id', 'fee_changes'),
  fk('agent_policy_rates', 'agent_policy_id', 'agent_policies'),
  fk('agent_policy_versions', 'agent_policy_id', 'agent_policies'),
  fk('settlements', 'txn_id', 'transactions'),
  fk('sessions', 'agent_id', 'agents'),
  fk('remember_tokens', 'agent_id', 'agents'),
  fk('agent_identities', 'agent_id', 'agents'),
  fk('pay_password_guards', 'agent_id', 'agents'),
  fk('merchant_files', 'merchant_id', 'merchants'),
  { table: 'ledger_entries', column: 'id', parent: 'ledger_lines', parentColumn: 'entry_id' },
  fk('mall_addresses', 'agent_id', 'agents'),
  fk('mall_order_items', 'order_id', 'mall_orders'),
  fk('price_share_history', 'child_id', 'agents'),
];

/**
 * Tables that are not distributed, by what they become (decision 020): reference tables are the
 * platform's small tables, copied to every node; directory tables are global lookups kept beside
 * the routing table (a key -> its tree); the rest stay on the platform's own database.
 */
export const REFERENCE = [
  'app_bundles',
  'app_configs',
  'app_versions',
  'banners',
  'brands',
  'channel_brands',
  'channels',
  'content_files',
  'content_texts',
  'mall_products',
  'message_reads',
  'message_recipients',
  'messages',
  'notices',
  'policies',
  'policy_rates',
  'policy_versions',
  'school_categories',
  'school_items',
  'reward_schemes',
  'system_params',
  'tax_channels',
];
export const DIRECTORY = ['transaction_keys'];
export const PLATFORM = [
  'audit_logs',
  'captchas',
  'channel_changes',
  'channel_push_keys',
  'channel_pushes',
  'job_runs',
  'notify_log',
  'operator_challenges',
  'operator_changes',
  'operator_exports',
  'operator_sessions',
  'operators',
  'provider_key_changes',
  'provider_keys',
  'push_message_claims',
  'rate_events',
  'schema_migrations',
  'server_secrets',
  'settlement_queue',
  'sms_codes',
  'sms_outbox',
  'tax_channel_changes',
  'terminal_imports',
  'unknown_login_guards',
];
/**
 * Kept by a trigger on terminals and keyed by the holder's path, whose first segment is the top
 * agent: it moves with its tree (the trigger writes it on the terminal's shard).
 */
export const PATH_KEYED = ['terminal_stock_counts'];
export const NOT_SHARDED = [...REFERENCE, ...DIRECTORY, ...PLATFORM, ...PATH_KEYED];
