import { bigint, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/0057_rank_boards.sql (UNLOGGED there): the rankings kept as boards,
// computed from the rollups by modules/rank (decision 031).
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

export const rankBoards = pgTable(
  'rank_boards',
  {
    boardId: big('board_id').notNull(),
    topId: big('top_id'),
    metric: text('metric').notNull(),
    period: text('period').notNull(),
    dayFrom: date('day_from').notNull(),
    dayTo: date('day_to').notNull(),
    ranked: integer('ranked').notNull(),
    computedAt: ts('computed_at').notNull(),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.metric, t.period] })],
);

export const rankEntries = pgTable(
  'rank_entries',
  {
    boardId: big('board_id').notNull(),
    metric: text('metric').notNull(),
    period: text('period').notNull(),
    agentId: big('agent_id').notNull(),
    topId: big('top_id').notNull(),
    v: big('v').notNull(),
    rk: integer('rk'),
  },
  (t) => [primaryKey({ columns: [t.boardId, t.metric, t.period, t.agentId] })],
);
