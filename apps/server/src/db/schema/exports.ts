import type { ExportItem, ExportKind, Lang, OperatorExportItem } from '@pos/core';
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './terminals';

// Mirrors migrations/0050_agent_exports.sql and 0050b_operator_exports.sql (the SQL files are the
// source of truth: the CHECKs on kind, lang, status and data, and the indexes live only there).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** An agent's list written to an .xlsx file in the background, kept 7 days. */
export const agentExports = pgTable('agent_exports', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  agentId: big('agent_id').notNull(),
  topId: big('top_id'),
  kind: text('kind').$type<ExportKind>().notNull(),
  filters: jsonb('filters').notNull().default({}),
  lang: text('lang').$type<Lang>().notNull(),
  status: text('status').$type<ExportItem['status']>().notNull().default('queued'),
  rowsDone: integer('rows_done').notNull().default(0),
  truncated: boolean('truncated').notNull().default(false),
  fileName: text('file_name').notNull(),
  sizeBytes: integer('size_bytes'),
  data: bytea('data'),
  error: text('error'),
  leaseUntil: ts('lease_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  expiresAt: ts('expires_at').notNull(),
});

/** A console list too long to answer at once, written to a file in the background. */
export const operatorExports = pgTable('operator_exports', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  operatorId: big('operator_id').notNull(),
  listPath: text('list_path').notNull(),
  fileType: text('file_type').$type<'csv' | 'xlsx'>().notNull(),
  fileName: text('file_name').notNull(),
  status: text('status').$type<OperatorExportItem['status']>().notNull().default('running'),
  rowsDone: integer('rows_done').notNull().default(0),
  truncated: boolean('truncated').notNull().default(false),
  sizeBytes: integer('size_bytes'),
  data: bytea('data'),
  error: text('error'),
  leaseUntil: ts('lease_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
  expiresAt: ts('expires_at').notNull(),
});
