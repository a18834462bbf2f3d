import { bigint, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { TaxChannelProposal } from '@pos/core';

// Mirrors tax_channel_changes of migrations/0046_tax_channels.sql (the SQL file is the source of
// truth: the status CHECK, the four-eyes CHECK and the pending index live only there).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** A proposed change of a tax channel, applied or rejected by another operator (decision 022). */
export const taxChannelChanges = pgTable('tax_channel_changes', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  channelCode: text('channel_code').notNull(),
  proposal: jsonb('proposal').$type<TaxChannelProposal>().notNull(),
  before: jsonb('before').$type<TaxChannelProposal>(),
  /** 0 pending, 1 applied, 2 rejected. */
  status: smallint('status').notNull().default(0),
  proposedBy: big('proposed_by').notNull(),
  decidedBy: big('decided_by'),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
});
