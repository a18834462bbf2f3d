import {
  bigint,
  char,
  boolean,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { bytea } from './terminals';

// Mirrors migrations/0009_operators.sql; the SQL file is the source of truth for the database.
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const operators = pgTable('operators', {
  id: id(),
  username: varchar('username', { length: 32 }).notNull().unique(),
  name: text('name').notNull(),
  role: text('role').notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecretEnc: text('totp_secret_enc'),
  totpEnrolledAt: ts('totp_enrolled_at'),
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  status: smallint('status').notNull().default(0),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  lastLoginAt: ts('last_login_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // 0020_operator_four_eyes.sql
  createdBy: bigint('created_by', { mode: 'number' }),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  // 0031_operator_issued_by.sql
  issuedBy: bigint('issued_by', { mode: 'number' }),
});
export type OperatorRow = typeof operators.$inferSelect;

// Mirrors migrations/0020_operator_four_eyes.sql.
export const operatorChanges = pgTable('operator_changes', {
  id: id(),
  kind: text('kind').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  payload: jsonb('payload').notNull().default({}),
  status: smallint('status').notNull().default(0),
  proposedBy: bigint('proposed_by', { mode: 'number' }).notNull(),
  decidedBy: bigint('decided_by', { mode: 'number' }),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
});

export const operatorChallenges = pgTable('operator_challenges', {
  id: uuid('id').primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  stage: text('stage').notNull(),
  tries: integer('tries').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const operatorSessions = pgTable('operator_sessions', {
  id: uuid('id').primaryKey(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const auditLogs = pgTable('audit_logs', {
  id: id(),
  operatorId: bigint('operator_id', { mode: 'number' }),
  operatorName: text('operator_name').notNull(),
  role: text('role').notNull(),
  action: text('action').notNull(),
  targetType: text('target_type').notNull(),
  targetId: text('target_id'),
  before: jsonb('before'),
  after: jsonb('after'),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const ledgerAdjustments = pgTable('ledger_adjustments', {
  id: id(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  topId: bigint('top_id', { mode: 'number' }),
  walletType: text('wallet_type').notNull(),
  amountFen: bigint('amount_fen', { mode: 'number' }).notNull(),
  reason: text('reason').notNull(),
  status: smallint('status').notNull().default(0),
  makerId: bigint('maker_id', { mode: 'number' }).notNull(),
  checkerId: bigint('checker_id', { mode: 'number' }),
  entryId: bigint('entry_id', { mode: 'number' }),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
});

export const terminalImports = pgTable('terminal_imports', {
  id: id(),
  operatorId: bigint('operator_id', { mode: 'number' }).notNull(),
  fileName: text('file_name').notNull(),
  totalRows: integer('total_rows').notNull(),
  validRows: integer('valid_rows').notNull(),
  doneRows: integer('done_rows').notNull().default(0),
  status: smallint('status').notNull().default(0),
  pending: jsonb('pending'),
  error: text('error'),
  createdAt: ts('created_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

// Mirrors migrations/0010_content_files.sql.
export const contentFiles = pgTable('content_files', {
  id: id(),
  kind: text('kind').notNull(),
  fileName: text('file_name').notNull(),
  mime: text('mime').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: char('sha256', { length: 64 }).notNull(),
  data: bytea('data').notNull(),
  uploadedBy: bigint('uploaded_by', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

// Mirrors migrations/0012_content_texts.sql.
export const contentTexts = pgTable(
  'content_texts',
  {
    key: text('key').notNull(),
    lang: text('lang').notNull(),
    body: jsonb('body').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }),
  },
  (t) => [primaryKey({ columns: [t.key, t.lang] })],
);
