import { sql, type SQL } from 'drizzle-orm';

/**
 * ` AND <column> = topId`: a statement kept to one tree by the shard key (decision 020). Nothing
 * is added for whoever has no tree (an operator, who stands above all trees), so their
 * statements stay as they were. A column given as a string is written as it is.
 */
export function andInTree(column: SQL | string, holder: { topId: number | null | undefined }): SQL {
  if (holder.topId === null || holder.topId === undefined) return sql``;
  return sql` AND ${typeof column === 'string' ? sql.raw(column) : column} = ${holder.topId}`;
}
