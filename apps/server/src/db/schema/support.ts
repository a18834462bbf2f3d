import { bigint, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './terminals';

// Mirrors migrations/0049a_support_tickets.sql (the SQL file is the source of truth: the CHECKs
// on type, status, rating and mime and the indexes live only there).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

/** An agent's support ticket, in its tree (top_id, the shard key). */
export const supportTickets = pgTable('support_tickets', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  agentId: big('agent_id').notNull(),
  topId: big('top_id').notNull(),
  type: smallint('type').notNull(),
  description: text('description').notNull(),
  status: smallint('status').notNull().default(1),
  assigneeId: big('assignee_id'),
  replies: integer('replies').notNull().default(0),
  rating: smallint('rating'),
  ratingComment: text('rating_comment'),
  ratedAt: ts('rated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  closedAt: ts('closed_at'),
});

/** An image an agent uploaded, unattached until a ticket takes it. */
export const supportTicketImages = pgTable('support_ticket_images', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  agentId: big('agent_id').notNull(),
  topId: big('top_id').notNull(),
  ticketId: big('ticket_id'),
  mime: text('mime').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  sha256: text('sha256').notNull(),
  data: bytea('data').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** An operator's reply to a ticket. */
export const supportTicketReplies = pgTable('support_ticket_replies', {
  id: big('id').primaryKey().generatedByDefaultAsIdentity(),
  ticketId: big('ticket_id').notNull(),
  topId: big('top_id').notNull(),
  operatorId: big('operator_id').notNull(),
  body: text('body').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
});
