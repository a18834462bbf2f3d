import {
  bigint,
  boolean,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0001_foundation.sql; the SQL file is the source of truth for the database.
const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const agents = pgTable('agents', {
  id: id(),
  mobile: varchar('mobile', { length: 11 }).notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  payPasswordHash: text('pay_password_hash'),
  name: text('name').notNull(),
  role: text('role').$type<'agent' | 'operator'>().notNull().default('agent'),
  parentId: bigint('parent_id', { mode: 'number' }),
  path: text('path').notNull(),
  depth: integer('depth').notNull().default(0),
  topId: bigint('top_id', { mode: 'number' }),
  level: integer('level').notNull().default(1),
  inviteCode: varchar('invite_code', { length: 16 }).notNull().unique(),
  status: smallint('status').notNull().default(0),
  mustChangePassword: boolean('must_change_password').notNull().default(false),
  realNameVerified: boolean('real_name_verified').notNull().default(false),
  idCardEnc: text('id_card_enc'),
  idCardMasked: text('id_card_masked'),
  isSpecificAccount: boolean('is_specific_account').notNull().default(false),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  credentialsChangedAt: ts('credentials_changed_at').notNull().defaultNow(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
export type AgentRow = typeof agents.$inferSelect;

export const sessions = pgTable('sessions', {
  id: uuid('id').primaryKey(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const rememberTokens = pgTable('remember_tokens', {
  id: id(),
  agentId: bigint('agent_id', { mode: 'number' }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  revokedAt: ts('revoked_at'),
});

export const captchas = pgTable('captchas', {
  uuid: uuid('uuid').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
});

export const smsCodes = pgTable('sms_codes', {
  id: id(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  scene: text('scene').notNull(),
  codeHash: text('code_hash').notNull(),
  attempts: integer('attempts').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

export const smsOutbox = pgTable('sms_outbox', {
  id: id(),
  mobile: varchar('mobile', { length: 11 }).notNull(),
  scene: text('scene').notNull(),
  content: text('content').notNull(),
  code: varchar('code', { length: 6 }).notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const rateEvents = pgTable('rate_events', {
  id: id(),
  key: text('key').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Mirrors migrations/0019_unknown_login_guards.sql: wrong logins to unregistered mobiles. */
export const unknownLoginGuards = pgTable('unknown_login_guards', {
  mobile: varchar('mobile', { length: 11 }).primaryKey(),
  failedLogins: integer('failed_logins').notNull().default(0),
  lockedUntil: ts('locked_until'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const systemParams = pgTable('system_params', {
  key: text('key').primaryKey(),
  name: text('name').notNull(),
  value: text('value').notNull(),
  public: boolean('public').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export const appConfigs = pgTable('app_configs', {
  domain: text('domain').primaryKey(),
  config: jsonb('config').notNull(),
});

export const appVersions = pgTable('app_versions', {
  id: id(),
  version: text('version').notNull(),
  title: text('title').notNull(),
  contents: text('contents').notNull(),
  isMandatory: boolean('is_mandatory').notNull().default(false),
  url: text('url').notNull(),
  platform: text('platform').notNull(),
  type: text('type').notNull().default('apk'),
  createdAt: ts('created_at').notNull().defaultNow(),
  sha256: text('sha256'),
  signature: text('signature'),
  sizeBytes: bigint('size_bytes', { mode: 'number' }),
  minVersion: text('min_version'),
  // migrations/0021_hot_update_approval.sql: a hot update goes live on a second operator's word.
  status: text('status').notNull().default('published'),
  proposedBy: bigint('proposed_by', { mode: 'number' }),
  decidedBy: bigint('decided_by', { mode: 'number' }),
  decidedAt: ts('decided_at'),
});

export const banners = pgTable('banners', {
  id: id(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  bannerType: smallint('banner_type').notNull(),
  isShow: boolean('is_show').notNull().default(true),
  content: text('content').notNull().default(''),
  sort: integer('sort').notNull().default(0),
  createdAt: ts('created_at').notNull().defaultNow(),
});

export const notices = pgTable('notices', {
  id: id(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  publishedAt: ts('published_at').notNull().defaultNow(),
});

export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
