import { bigint, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

// Mirrors migrations/0003_team.sql; the SQL file is the source of truth for the database.

/** Each agent's own figures per Asia/Shanghai day; settlement fills it. */
export const agentDailyStats = pgTable(
  'agent_daily_stats',
  {
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    topId: bigint('top_id', { mode: 'number' }).notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    tradeAmountFen: bigint('trade_amount_fen', { mode: 'number' }).notNull().default(0),
    tradeCount: integer('trade_count').notNull().default(0),
    newMerchants: integer('new_merchants').notNull().default(0),
    activatedTerminals: integer('activated_terminals').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.day] })],
);

/**
 * Derived from agent_daily_stats by database triggers (never written by the application): each
 * agent's own figures per month, with its path, so a subtree's totals are one index range scan.
 */
export const agentMonthlyStats = pgTable(
  'agent_monthly_stats',
  {
    agentId: bigint('agent_id', { mode: 'number' }).notNull(),
    month: date('month', { mode: 'string' }).notNull(),
    topId: bigint('top_id', { mode: 'number' }).notNull(),
    path: text('path').notNull(),
    tradeAmountFen: bigint('trade_amount_fen', { mode: 'number' }).notNull().default(0),
    tradeCount: bigint('trade_count', { mode: 'number' }).notNull().default(0),
    newMerchants: bigint('new_merchants', { mode: 'number' }).notNull().default(0),
    activatedTerminals: bigint('activated_terminals', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.agentId, t.month] })],
);
