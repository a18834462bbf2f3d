import {
  bigint,
  date,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0005_ledger.sql; the SQL file is the source of truth for the database
// (partitions, triggers, the balance CHECK and the partition function live only there). The
// settlement engine writes these tables with set-based SQL; the mirror types the simple reads.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

export const ledgerAccounts = pgTable('ledger_accounts', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  kind: text('kind').$type<'agent' | 'platform'>().notNull(),
  agentId: big('agent_id'),
  topId: big('top_id'),
  walletType: text('wallet_type').notNull(),
  balanceFen: big('balance_fen').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const ledgerEntries = pgTable('ledger_entries', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  idemKey: text('idem_key').notNull().unique(),
  reason: text('reason').notNull(),
  txnId: big('txn_id'),
  memo: text('memo'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: big('id').notNull(),
    entryId: big('entry_id').notNull(),
    accountId: big('account_id').notNull(),
    agentId: big('agent_id'),
    topId: big('top_id'),
    amountFen: big('amount_fen').notNull(),
    infoType: text('info_type').notNull(),
    txnId: big('txn_id'),
    volumeFen: big('volume_fen'),
    ownCost: big('own_cost'),
    lowerRate: big('lower_rate'),
    diff: big('diff'),
    policyVersion: integer('policy_version'),
    reversesLineId: big('reverses_line_id'),
    detail: jsonb('detail'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.id, t.createdAt] })],
);

export const agentDailyEarnings = pgTable(
  'agent_daily_earnings',
  {
    agentId: big('agent_id').notNull(),
    day: date('day').notNull(),
    infoType: text('info_type').notNull(),
    topId: big('top_id'),
    amountFen: big('amount_fen').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day, t.infoType] })],
);

export const transactions = pgTable(
  'transactions',
  {
    id: big('id').notNull(),
    acquirerTxnId: text('acquirer_txn_id').notNull(),
    kind: smallint('kind').notNull().default(1),
    origAcquirerTxnId: text('orig_acquirer_txn_id'),
    origTxnId: big('orig_txn_id'),
    sn: text('sn').notNull(),
    terminalId: big('terminal_id'),
    merchantId: big('merchant_id'),
    agentId: big('agent_id'),
    agentPath: text('agent_path'),
    topId: big('top_id'),
    policyId: big('policy_id'),
    payType: smallint('pay_type').notNull(),
    totalType: smallint('total_type').notNull(),
    cardType: smallint('card_type').notNull(),
    method: smallint('method').notNull(),
    status: smallint('status').notNull(),
    amountFen: big('amount_fen').notNull(),
    feeFen: big('fee_fen'),
    merchantRatePpm: integer('merchant_rate_ppm'),
    cardNoMasked: text('card_no_masked'),
    tradeTime: ts('trade_time').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
    flag: text('flag'),
  },
  (t) => [primaryKey({ columns: [t.id, t.tradeTime] })],
);

export const transactionKeys = pgTable('transaction_keys', {
  acquirerTxnId: text('acquirer_txn_id').primaryKey(),
  txnId: big('txn_id').notNull(),
  tradeTime: ts('trade_time').notNull(),
});

export const settlementQueue = pgTable('settlement_queue', {
  txnId: big('txn_id').primaryKey(),
  tradeTime: ts('trade_time').notNull(),
  notBefore: ts('not_before').notNull(),
  attempts: integer('attempts').notNull().default(0),
});

export const settlements = pgTable('settlements', {
  txnId: big('txn_id').primaryKey(),
  entryId: big('entry_id').notNull(),
  origTxnId: big('orig_txn_id'),
  amountFen: big('amount_fen').notNull(),
  feeFen: big('fee_fen').notNull(),
  acquirerCostFen: big('acquirer_cost_fen').notNull(),
  sharesFen: big('shares_fen').notNull(),
  marginFen: big('margin_fen').notNull(),
  capped: smallint('capped').notNull().default(0),
  settledAt: ts('settled_at').notNull().defaultNow(),
});

export const notifyLog = pgTable('notify_log', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  outcome: text('outcome').notNull(),
  acquirerTxnId: text('acquirer_txn_id'),
  remoteIp: text('remote_ip'),
  detail: text('detail'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const terminalDailyVolume = pgTable(
  'terminal_daily_volume',
  {
    terminalId: big('terminal_id').notNull(),
    day: date('day').notNull(),
    merchantId: big('merchant_id'),
    agentId: big('agent_id'),
    topId: big('top_id'),
    volumeFen: big('volume_fen').notNull().default(0),
    cardVolumeFen: big('card_volume_fen').notNull().default(0),
    tradeCount: integer('trade_count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.terminalId, t.day] })],
);

export const jobRuns = pgTable('job_runs', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  job: text('job').notNull(),
  period: text('period').notNull(),
  status: smallint('status').notNull().default(0),
  processed: integer('processed').notNull().default(0),
  postedFen: big('posted_fen').notNull().default(0),
  error: text('error'),
  runs: integer('runs').notNull().default(0),
  startedAt: ts('started_at'),
  finishedAt: ts('finished_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  holder: text('holder'),
  leaseUntil: ts('lease_until'),
});

export const feeCollections = pgTable(
  'fee_collections',
  {
    terminalId: big('terminal_id').notNull(),
    kind: text('kind').$type<'service_fee' | 'comm_fee'>().notNull(),
    periodIndex: integer('period_index').notNull(),
    amountFen: big('amount_fen').notNull(),
    merchantId: big('merchant_id'),
    agentId: big('agent_id'),
    topId: big('top_id'),
    txnId: big('txn_id'),
    collectedAt: ts('collected_at').notNull().defaultNow(),
    /** 0025: the counting fee's acquirer id (ranks the fees of one period). */
    acquirerTxnId: text('acquirer_txn_id'),
  },
  (t) => [primaryKey({ columns: [t.terminalId, t.kind, t.periodIndex] })],
);

/** 0025: fees that counted in their period until an earlier one arrived. */
export const feeSupersessions = pgTable('fee_supersessions', {
  txnId: big('txn_id').primaryKey(),
  terminalId: big('terminal_id').notNull(),
  kind: text('kind').$type<'service_fee' | 'comm_fee'>().notNull(),
  periodIndex: integer('period_index').notNull(),
  amountFen: big('amount_fen').notNull(),
  topId: big('top_id'),
  byTxnId: big('by_txn_id').notNull(),
  settledTxnId: big('settled_txn_id'),
  supersededAt: ts('superseded_at').notNull().defaultNow(),
});

export const standardAssessments = pgTable(
  'standard_assessments',
  {
    terminalId: big('terminal_id').notNull(),
    monthIndex: integer('month_index').notNull(),
    month: date('month').notNull(),
    merchantId: big('merchant_id'),
    agentId: big('agent_id'),
    agentPath: text('agent_path'),
    topId: big('top_id'),
    policyId: big('policy_id'),
    volumeFen: big('volume_fen').notNull(),
    thresholdFen: big('threshold_fen'),
    result: smallint('result').notNull(),
    rewardFen: big('reward_fen').notNull().default(0),
    assessedAt: ts('assessed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.terminalId, t.monthIndex] })],
);

export const monthlyAllowances = pgTable(
  'monthly_allowances',
  {
    agentId: big('agent_id').notNull(),
    month: date('month').notNull(),
    topId: big('top_id'),
    activations: integer('activations').notNull(),
    amountFen: big('amount_fen').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.month] })],
);
