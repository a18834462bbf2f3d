import {
  bigint,
  char,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { FeeShare, StandardMonth } from '@pos/core';

// Mirrors migrations/0004_policies.sql; the SQL file is the source of truth for the database
// (checks, partial and covering indexes live only there).
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/**
 * The policies table with the columns this migration adds. The terminals schema maps the same
 * table with its first columns only; this mapping is the one that reads and writes the terms.
 */
export const productPolicies = pgTable('policies', {
  id: id(),
  brandId: big('brand_id').notNull(),
  name: text('name').notNull(),
  activationThresholdFen: big('activation_threshold_fen').notNull().default(1_000_000),
  activationWindowDays: integer('activation_window_days').notNull().default(30),
  standardMonths: jsonb('standard_months').$type<StandardMonth[]>().notNull().default([]),
  serviceFeeOptionsFen: jsonb('service_fee_options_fen').$type<number[]>().notNull().default([0]),
  commFeeOptionsFen: jsonb('comm_fee_options_fen').$type<number[]>().notNull().default([0]),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type ProductPolicyRow = typeof productPolicies.$inferSelect;

export const policyRates = pgTable(
  'policy_rates',
  {
    policyId: big('policy_id').notNull(),
    rateType: smallint('rate_type').notNull(),
    standardRate: integer('standard_rate').notNull(),
    minRate: integer('min_rate').notNull(),
    maxRate: integer('max_rate').notNull(),
    acquirerCost: integer('acquirer_cost').notNull(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.rateType] })],
);

export const agentPolicies = pgTable('agent_policies', {
  id: id(),
  agentId: big('agent_id').notNull(),
  policyId: big('policy_id').notNull(),
  agentPath: text('agent_path').notNull(),
  topId: big('top_id').notNull(),
  parentAgentId: big('parent_agent_id'),
  activationRewardFen: big('activation_reward_fen').notNull(),
  standardRewardsFen: jsonb('standard_rewards_fen').$type<number[]>().notNull().default([]),
  serviceFeeShares: jsonb('service_fee_shares').$type<FeeShare[]>().notNull().default([]),
  commFeeShares: jsonb('comm_fee_shares').$type<FeeShare[]>().notNull().default([]),
  openedBy: big('opened_by').notNull(),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type AgentPolicyRow = typeof agentPolicies.$inferSelect;

export const agentPolicyRates = pgTable(
  'agent_policy_rates',
  {
    agentPolicyId: big('agent_policy_id').notNull(),
    agentId: big('agent_id').notNull(),
    policyId: big('policy_id').notNull(),
    rateType: smallint('rate_type').notNull(),
    cost: integer('cost').notNull(),
    minRate: integer('min_rate').notNull(),
    maxRate: integer('max_rate').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentPolicyId, t.rateType] })],
);

export const agentPolicyVersions = pgTable(
  'agent_policy_versions',
  {
    agentPolicyId: big('agent_policy_id').notNull(),
    version: integer('version').notNull(),
    terms: jsonb('terms').notNull(),
    changedBy: big('changed_by').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.agentPolicyId, t.version] })],
);

export const merchantRates = pgTable(
  'merchant_rates',
  {
    merchantId: big('merchant_id').notNull(),
    rateType: smallint('rate_type').notNull(),
    /** ppm for rate types 1-5; the cap in fen for rate type 6. */
    ratePpm: integer('rate_ppm').notNull(),
    policyId: big('policy_id'),
    agentId: big('agent_id').notNull(),
    topId: big('top_id').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.rateType] })],
);

export const rateChanges = pgTable('rate_changes', {
  id: id(),
  merchantId: big('merchant_id').notNull(),
  terminalId: big('terminal_id'),
  sn: text('sn'),
  policyId: big('policy_id'),
  rateType: smallint('rate_type').notNull(),
  oldRate: integer('old_rate').notNull(),
  newRate: integer('new_rate').notNull(),
  status: smallint('status').notNull().default(0),
  reason: text('reason'),
  month: char('month', { length: 7 }).notNull(),
  requestedBy: big('requested_by').notNull(),
  agentId: big('agent_id').notNull(),
  agentPath: text('agent_path').notNull(),
  topId: big('top_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});
export type RateChangeRow = typeof rateChanges.$inferSelect;

export const feeChanges = pgTable('fee_changes', {
  id: id(),
  kind: smallint('kind').notNull(),
  policyId: big('policy_id'),
  newFeeFen: big('new_fee_fen').notNull(),
  count: integer('count').notNull(),
  firstSn: text('first_sn').notNull(),
  lastSn: text('last_sn').notNull(),
  status: smallint('status').notNull().default(0),
  reason: text('reason'),
  requestedBy: big('requested_by').notNull(),
  agentId: big('agent_id').notNull(),
  agentPath: text('agent_path').notNull(),
  topId: big('top_id').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});
export type FeeChangeRow = typeof feeChanges.$inferSelect;

export const feeChangeItems = pgTable(
  'fee_change_items',
  {
    feeChangeId: big('fee_change_id').notNull(),
    terminalId: big('terminal_id').notNull(),
    sn: text('sn').notNull(),
    oldFeeFen: big('old_fee_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.feeChangeId, t.sn] })],
);

export const priceShares = pgTable(
  'price_shares',
  {
    childId: big('child_id').notNull(),
    policyId: big('policy_id').notNull(),
    parentId: big('parent_id').notNull(),
    childPath: text('child_path').notNull(),
    topId: big('top_id').notNull(),
    passPpm: integer('pass_ppm').notNull(),
    updatedBy: big('updated_by').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.childId, t.policyId] })],
);

export const priceShareHistory = pgTable('price_share_history', {
  id: id(),
  childId: big('child_id').notNull(),
  policyId: big('policy_id').notNull(),
  parentId: big('parent_id').notNull(),
  passPpm: integer('pass_ppm').notNull(),
  previousPassPpm: integer('previous_pass_ppm').notNull(),
  changedBy: big('changed_by').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
