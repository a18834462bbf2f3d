import { bigint, pgTable } from 'drizzle-orm/pg-core';
import { bytea } from './terminals';

// Mirrors migrations/0014_hot_update_bundles.sql: the zipped bundle of a 'wgt' app version.
export const appBundles = pgTable('app_bundles', {
  versionId: bigint('version_id', { mode: 'number' }).primaryKey(),
  bytes: bytea('bytes').notNull(),
});
