import { sql, type SQL } from 'drizzle-orm';
import { andInTree, isOperator } from '../../db/tree';
import type { Caller } from '../../plugins/auth';

/**
 * `column` is the caller's tree (the shard key, decision 020): TRUE for an operator or a caller
 * without a tree, so the statement reads what it did before.
 */
export const inCallerTree = (column: SQL, caller: Pick<Caller, 'role' | 'topId'>): SQL =>
  isOperator(caller) ? sql`TRUE` : sql`TRUE${andInTree(column, caller)}`;
