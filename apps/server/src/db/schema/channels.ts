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
} from 'drizzle-orm/pg-core';
import { bytea } from './terminals';

// Mirrors migrations/0037_channels.sql and 0038_channel_changes.sql (the SQL files are the source
// of truth; channel_pushes is partitioned by received_at there): the acquirer channels with their
// keys, the brands each serves, every push received and its key, a trade's channel-only figures,
// and the four-eyed changes to a channel (decision 026).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

export const channels = pgTable('channels', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  protocol: text('protocol').notNull(),
  acquirerPublicKey: text('acquirer_public_key'),
  /** Encrypted with the app's data key (lib/crypto); never answered in clear. */
  platformPrivateKeyEnc: text('platform_private_key_enc'),
  secretEnc: text('secret_enc'),
  ipAllow: text('ip_allow').array().notNull().default([]),
  enabled: boolean('enabled').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const channelBrands = pgTable('channel_brands', {
  brandId: big('brand_id').primaryKey(),
  channelId: big('channel_id').notNull(),
});

export const channelPushes = pgTable(
  'channel_pushes',
  {
    id: big('id').notNull(),
    channelId: big('channel_id'),
    channelCode: text('channel_code').notNull(),
    orderNo: text('order_no'),
    body: bytea('body').notNull(),
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    remoteIp: text('remote_ip'),
    outcome: text('outcome').notNull(),
    reason: text('reason'),
    events: jsonb('events'),
    receivedAt: ts('received_at').notNull().defaultNow(),
    appliedAt: ts('applied_at'),
  },
  (t) => [primaryKey({ columns: [t.id, t.receivedAt] })],
);

export const channelPushKeys = pgTable(
  'channel_push_keys',
  {
    channelId: big('channel_id').notNull(),
    orderNo: text('order_no').notNull(),
    pushId: big('push_id').notNull(),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.channelId, t.orderNo] })],
);

export const channelTradeExtras = pgTable('channel_trade_extras', {
  txnId: big('txn_id').primaryKey(),
  channelId: big('channel_id').notNull(),
  topId: big('top_id'),
  highRatePpm: integer('high_rate_ppm'),
  d0FeeFen: big('d0_fee_fen'),
});

export const channelChanges = pgTable('channel_changes', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  channelCode: text('channel_code').notNull(),
  /** The proposal, encrypted (its keys in clear inside); wiped once decided. */
  payloadEnc: text('payload_enc').notNull(),
  /** What the console and the audit log show of it: keys masked. */
  summary: jsonb('summary').$type<Record<string, unknown>>().notNull(),
  /** 0 pending, 1 applied, 2 rejected. */
  status: smallint('status').notNull().default(0),
  proposedBy: big('proposed_by').notNull(),
  decidedBy: big('decided_by'),
  decisionReason: text('decision_reason'),
  createdAt: ts('created_at').notNull().defaultNow(),
  decidedAt: ts('decided_at'),
});
