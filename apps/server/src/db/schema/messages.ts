import {
  bigint,
  boolean,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// Mirrors migrations/0044_messages.sql and 0053_product_event_messages.sql (the SQL files are the
// source of truth: the target and product-event CHECKs and the indexes live only there).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** An operator's message to agents, or a product event's message to one agent (agent_id). */
export const messages = pgTable('messages', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  type: smallint('type').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  important: boolean('important').notNull().default(false),
  target: text('target').notNull(),
  targetLevel: integer('target_level'),
  targetPath: text('target_path'),
  audience: text('audience').notNull(),
  recipients: integer('recipients').notNull(),
  /** The operator who published it; null for a product event. */
  publishedBy: big('published_by'),
  publishedAt: ts('published_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  agentId: big('agent_id'),
  kind: text('kind'),
  link: text('link'),
  titleEn: text('title_en'),
  bodyEn: text('body_en'),
  eventKey: text('event_key').unique(),
});

/** The named agents of a message aimed at agents. */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    agentId: big('agent_id').notNull(),
    messageId: big('message_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.messageId] })],
);

/** When an agent read a message, and when it popped up for it. */
export const messageReads = pgTable(
  'message_reads',
  {
    agentId: big('agent_id').notNull(),
    messageId: big('message_id').notNull(),
    readAt: ts('read_at'),
    poppedAt: ts('popped_at'),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.messageId] })],
);
