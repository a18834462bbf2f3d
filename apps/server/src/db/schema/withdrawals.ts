import {
  bigint,
  boolean,
  customType,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { agents } from './foundation';

// Mirrors migrations/0006_withdrawals.sql (the SQL file is the source of truth).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });
const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

export const payPasswordGuards = pgTable('pay_password_guards', {
  agentId: big('agent_id')
    .primaryKey()
    .references(() => agents.id),
  failed: integer('failed').notNull().default(0),
  lockedUntil: ts('locked_until'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const agentIdentities = pgTable('agent_identities', {
  agentId: big('agent_id')
    .primaryKey()
    .references(() => agents.id),
  realName: text('real_name'),
  frontMime: text('front_mime'),
  frontData: bytea('front_data'),
  backMime: text('back_mime'),
  backData: bytea('back_data'),
  status: smallint('status').notNull().default(0),
  reason: text('reason'),
  verifiedAt: ts('verified_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const settleAccounts = pgTable('settle_accounts', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  agentId: big('agent_id')
    .notNull()
    .references(() => agents.id),
  topId: big('top_id'),
  kind: text('kind').$type<'own' | 'other'>().notNull(),
  /** A bank card, or an Alipay account (migration 0040). */
  accountType: text('account_type').$type<'bank' | 'alipay'>().notNull().default('bank'),
  holderName: text('holder_name').notNull(),
  bankName: text('bank_name').notNull(),
  cardEnc: text('card_enc').notNull(),
  cardMasked: text('card_masked').notNull(),
  mobile: varchar('mobile', { length: 11 }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
});

export const withdrawals = pgTable('withdrawals', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  agentId: big('agent_id')
    .notNull()
    .references(() => agents.id),
  agentPath: text('agent_path').notNull(),
  topId: big('top_id'),
  idemKey: text('idem_key').notNull(),
  walletType: text('wallet_type').notNull(),
  amountFen: big('amount_fen').notNull(),
  feeFen: big('fee_fen').notNull(),
  taxFen: big('tax_fen').notNull(),
  netFen: big('net_fen').notNull(),
  // 0046_tax_channels: the channel and parts frozen at request.
  taxChannelId: big('tax_channel_id'),
  taxChannelVersion: integer('tax_channel_version'),
  taxChannelName: text('tax_channel_name'),
  taxAt: text('tax_at').notNull().default('payout'),
  vatPpm: integer('vat_ppm'),
  pitPpm: integer('pit_ppm'),
  vatFen: big('vat_fen').notNull().default(0),
  pitFen: big('pit_fen').notNull().default(0),
  accountId: big('account_id').notNull(),
  holderName: text('holder_name').notNull(),
  bankName: text('bank_name').notNull(),
  cardMasked: text('card_masked').notNull(),
  status: smallint('status').notNull().default(0),
  freezeEntryId: big('freeze_entry_id').notNull(),
  settleEntryId: big('settle_entry_id'),
  reason: text('reason'),
  payoutRef: text('payout_ref'),
  reviewedBy: big('reviewed_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
  reviewedAt: ts('reviewed_at'),
  finishedAt: ts('finished_at'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

// Mirrors migrations/0046_tax_channels.sql.
export const taxChannels = pgTable('tax_channels', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  walletType: text('wallet_type').notNull(),
  vatPpm: integer('vat_ppm').notNull(),
  pitPpm: integer('pit_ppm').notNull(),
  feeFen: big('fee_fen').notNull(),
  taxAt: text('tax_at').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  version: integer('version').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
