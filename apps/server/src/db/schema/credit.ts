import {
  bigint,
  date,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { CreditStatus } from '@pos/core';

// Mirrors migrations/0048_terminal_credit.sql (the SQL file is the source of truth): terminals
// sold on credit, one debt per hop of the chain, and each day's deduction of a debt.
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const big = (name: string) => bigint(name, { mode: 'number' });

export const creditSales = pgTable(
  'credit_sales',
  {
    id: big('id').primaryKey().generatedByDefaultAsIdentity(),
    operationId: big('operation_id').notNull(),
    hop: smallint('hop').notNull(),
    sellerAgentId: big('seller_agent_id').notNull(),
    buyerAgentId: big('buyer_agent_id').notNull(),
    topId: big('top_id').notNull(),
    count: integer('count').notNull(),
    unitPriceFen: big('unit_price_fen').notNull(),
    totalFen: big('total_fen').notNull(),
    instalments: smallint('instalments').notNull(),
    status: text('status').$type<CreditStatus>().notNull().default('pending'),
    paidFen: big('paid_fen').notNull().default(0),
    /** The Asia/Shanghai day instalment 1 fell due (the day the receiver accepted). */
    firstDay: date('first_day'),
    createdAt: ts('created_at').notNull().defaultNow(),
    decidedAt: ts('decided_at'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.operationId, t.hop)],
);

export const creditDeductions = pgTable(
  'credit_deductions',
  {
    id: big('id').primaryKey().generatedByDefaultAsIdentity(),
    saleId: big('sale_id').notNull(),
    topId: big('top_id').notNull(),
    day: date('day').notNull(),
    dueFen: big('due_fen').notNull(),
    amountFen: big('amount_fen').notNull(),
    entryId: big('entry_id'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [unique().on(t.saleId, t.day)],
);
