import type { ProductPolicyTerms } from '@pos/core';
import { bigint, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

// Mirrors migrations/0013_policy_versions.sql: each version of a product policy's terms, kept
// when an operator edits it (the console's version history reads it).
export const policyVersions = pgTable(
  'policy_versions',
  {
    policyId: bigint('policy_id', { mode: 'number' }).notNull(),
    version: integer('version').notNull(),
    name: text('name').notNull(),
    terms: jsonb('terms').$type<ProductPolicyTerms>().notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }),
    operatorName: text('operator_name'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.policyId, t.version] })],
);
