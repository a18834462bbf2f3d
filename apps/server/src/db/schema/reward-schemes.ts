import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { FalseActivation } from '@pos/core';

// Mirrors migrations/0047a_reward_schemes.sql (the SQL file is the source of truth): a policy's
// scheme versions, the version frozen on a terminal at activation, each stage's verdict, the
// rewards recorded from them, and the activations flagged as false (decision 035).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** One agent's part of a recorded reward, as the crediting job posts it. */
export interface SchemeRewardShare {
  agentId: number;
  amountFen: number;
  ownCost: number;
  lowerRate: number;
  diff: number;
  policyVersion: number | null;
}

export const rewardSchemes = pgTable(
  'reward_schemes',
  {
    policyId: big('policy_id').notNull(),
    version: integer('version').notNull(),
    /** The terms (core's rewardSchemeTermsSchema, parsed where read); null: no scheme. */
    terms: jsonb('terms'),
    operatorId: big('operator_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.version] })],
);

export const terminalSchemes = pgTable('terminal_schemes', {
  terminalId: big('terminal_id').primaryKey(),
  policyId: big('policy_id').notNull(),
  version: integer('version').notNull(),
  terms: jsonb('terms').notNull(),
  activatedAt: ts('activated_at').notNull(),
  agentId: big('agent_id').notNull(),
  agentPath: text('agent_path').notNull(),
  topId: big('top_id').notNull(),
  nextStage: integer('next_stage').notNull().default(0),
  nextDueAt: ts('next_due_at').notNull(),
  done: boolean('done').notNull().default(false),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const schemeStageResults = pgTable(
  'scheme_stage_results',
  {
    terminalId: big('terminal_id').notNull(),
    stageIndex: integer('stage_index').notNull(),
    result: smallint('result').notNull(),
    progress: big('progress').notNull(),
    target: big('target').notNull(),
    topId: big('top_id').notNull(),
    judgedAt: ts('judged_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.terminalId, t.stageIndex] })],
);

export const schemeRewards = pgTable(
  'scheme_rewards',
  {
    id: big('id').primaryKey().generatedByDefaultAsIdentity(),
    terminalId: big('terminal_id').notNull(),
    stageIndex: integer('stage_index').notNull(),
    infoType: text('info_type').notNull(),
    agentPath: text('agent_path').notNull(),
    topId: big('top_id').notNull(),
    amountFen: big('amount_fen').notNull(),
    shares: jsonb('shares').$type<SchemeRewardShare[]>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>(),
    /** 0 due, 1 held, 2 credited, 3 forfeited. */
    status: smallint('status').notNull().default(0),
    idemKey: text('idem_key').notNull().unique(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
    creditedAt: ts('credited_at'),
  },
  (t) => [unique().on(t.terminalId, t.stageIndex)],
);

export const falseActivations = pgTable('false_activations', {
  terminalId: big('terminal_id').primaryKey(),
  sn: text('sn').notNull(),
  agentId: big('agent_id').notNull(),
  agentPath: text('agent_path').notNull(),
  topId: big('top_id').notNull(),
  reason: text('reason').$type<FalseActivation['reason']>().notNull(),
  activatedAt: ts('activated_at').notNull(),
  flaggedAt: ts('flagged_at').notNull().defaultNow(),
  /** 0 waiting for review, 1 released, 2 forfeited. */
  status: smallint('status').notNull().default(0),
  proposedAction: text('proposed_action').$type<NonNullable<FalseActivation['proposedAction']>>(),
  proposedBy: big('proposed_by'),
  proposedAt: ts('proposed_at'),
  note: text('note'),
  decidedBy: big('decided_by'),
  decidedAt: ts('decided_at'),
});
