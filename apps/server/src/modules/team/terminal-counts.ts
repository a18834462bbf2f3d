import { sql, type SQL } from 'drizzle-orm';

/**
 * Terminal counts (stock = unbound, bound, activated) for the team pages, read from the terminals
 * feature's terminal_stock_counts: live terminals per holder path, brand and bind status, kept by
 * that table's triggers. A subtree's counts are one range of its primary key, a few rows per agent,
 * never a walk over the terminals themselves.
 *
 * holder_path is stored with the "C" collation (byte order); the bounds are given the same
 * collation so the comparison is the index's own and the range is exact.
 */

/** A one-row subquery (stock, bound, activated) for the subtree whose top has path `pathExpr`. */
export function teamTerminalCountsSql(pathExpr: SQL): SQL {
  return sql`SELECT COALESCE(sum(tsc.n) FILTER (WHERE tsc.bind_status = 0), 0) AS stock,
      COALESCE(sum(tsc.n) FILTER (WHERE tsc.bind_status = 1), 0) AS bound,
      COALESCE(sum(tsc.n) FILTER (WHERE tsc.bind_status = 3), 0) AS activated
    FROM terminal_stock_counts tsc
    WHERE tsc.holder_path >= (${pathExpr} COLLATE "C")
      AND tsc.holder_path < ((left(${pathExpr}, -1) || '0') COLLATE "C")`;
}

/** A one-row subquery (stock, bound, activated) for the terminals the agent itself holds. */
export function ownTerminalCountsSql(pathExpr: SQL): SQL {
  return sql`SELECT COALESCE(sum(tsc.n) FILTER (WHERE tsc.bind_status = 0), 0) AS stock,
      COALESCE(sum(tsc.n) FILTER (WHERE tsc.bind_status = 1), 0) AS bound,
      COALESCE(sum(tsc.n) FILTER (WHERE tsc.bind_status = 3), 0) AS activated
    FROM terminal_stock_counts tsc
    WHERE tsc.holder_path = (${pathExpr} COLLATE "C")`;
}
