import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/0054_push_subscriptions.sql (the SQL file is the source of truth: the CHECKs
// on kind, endpoint, platform and lang, and the index live only there).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** A device an agent receives pushes on: a browser's Web Push endpoint or a native token. */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  agentId: big('agent_id').notNull(),
  topId: big('top_id').notNull(),
  kind: text('kind').$type<'web' | 'native'>().notNull(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh'),
  auth: text('auth'),
  platform: text('platform').$type<'android' | 'ios'>(),
  lang: text('lang').$type<'zh' | 'en'>().notNull().default('zh'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** A message whose pushes one process has taken on. */
export const pushMessageClaims = pgTable('push_message_claims', {
  messageId: big('message_id').primaryKey(),
  claimedAt: ts('claimed_at').notNull().defaultNow(),
});
