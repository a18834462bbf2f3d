import { bigint, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors provider_key_changes of migrations/0052_provider_keys.sql (the SQL file is the source
// of truth: the status CHECK, the four-eyes CHECK and the pending index live only there).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** A proposed change of an outside party's keys, applied or rejected by another operator. */
export const providerKeyChanges = pgTable('provider_key_changes', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  party: text('party').notNull(),
  /** The proposed values, encrypted; wiped once decided. */
  payloadEnc: text('payload_enc').notNull(),
  /** What the console and the audit log show of it: values masked. */
  summary: jsonb('summary').notNull(),
  /** 0 pending, 1 applied, 2 rejected. */
  status: smallint('status').notNull().default(0),
  proposedBy: big('proposed_by').notNull(),
  decidedBy: big('decided_by'),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
});
