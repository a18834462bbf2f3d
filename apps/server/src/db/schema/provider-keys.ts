import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors provider_keys of migrations/0052_provider_keys.sql (the SQL file is the source of truth).

/** An outside party's key approved in the console, encrypted; read at the next start. */
export const providerKeys = pgTable('provider_keys', {
  name: text('name').primaryKey(),
  valueEnc: text('value_enc').notNull(),
  changeId: bigint('change_id', { mode: 'number' }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
