import type { TeamFigures, TeamTerminalCounts } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { inSubtree } from './scope';
import { decode } from '../../db/typed';

/**
 * A one-row subquery of the month's figures summed over the subtree whose top has path
 * `pathExpr`: an index-only range scan of agent_monthly_stats. The path prefix keeps it in one
 * tree (decision 020) when `pathExpr` is a value or the path of a row read in the caller's tree.
 */
export function teamFiguresSql(pathExpr: SQL, monthKey: string | SQL): SQL {
  return sql`SELECT COALESCE(sum(m.trade_amount_fen), 0) AS trade_amount_fen,
      COALESCE(sum(m.trade_count), 0) AS trade_count,
      COALESCE(sum(m.new_merchants), 0) AS new_merchants,
      COALESCE(sum(m.activated_terminals), 0) AS activated_terminals
    FROM agent_monthly_stats m
    WHERE m.month = ${monthKey}::date AND ${inSubtree(sql`m.path`, pathExpr)}`;
}

/** The same figures for the agent alone (one primary-key read), in the caller's tree. */
export function ownFiguresSql(
  agentIdExpr: SQL,
  monthKey: string | SQL,
  topId: number | SQL | null,
): SQL {
  return sql`SELECT COALESCE(sum(m.trade_amount_fen), 0) AS trade_amount_fen,
      COALESCE(sum(m.trade_count), 0) AS trade_count,
      COALESCE(sum(m.new_merchants), 0) AS new_merchants,
      COALESCE(sum(m.activated_terminals), 0) AS activated_terminals
    FROM agent_monthly_stats m
    WHERE m.agent_id = ${agentIdExpr}${topId === null ? sql`` : sql` AND m.top_id = ${topId}`} AND m.month = ${monthKey}::date`;
}

export const NO_FIGURES: TeamFigures = {
  tradeAmountFen: 0,
  tradeCount: 0,
  newMerchants: 0,
  activatedTerminals: 0,
};

type FigureKey = keyof TeamFigures;
type TerminalKey = keyof TeamTerminalCounts;
/** `own` + `tradeAmountFen` -> `ownTradeAmountFen`: a figure's field in a shape. */
type Prefixed<P extends string, K extends string> = `${P}${Capitalize<K>}`;

const FIGURE_COLUMNS: Record<FigureKey, string> = {
  tradeAmountFen: 'trade_amount_fen',
  tradeCount: 'trade_count',
  newMerchants: 'new_merchants',
  activatedTerminals: 'activated_terminals',
};
const TERMINAL_COLUMNS: Record<TerminalKey, string> = {
  stock: 'stock',
  bound: 'bound',
  activated: 'activated',
};

function fields<K extends string, P extends string>(
  columns: Record<K, string>,
  alias: string,
  prefix: P,
): Record<Prefixed<P, K>, SQL<number>> {
  const shape: Record<string, SQL<number>> = {};
  for (const [key, column] of Object.entries<string>(columns)) {
    // The subqueries sum with COALESCE(…, 0): never NULL.
    shape[`${prefix}${key[0]!.toUpperCase()}${key.slice(1)}`] =
      sql`${sql.identifier(alias)}.${sql.identifier(column)}`.mapWith(decode.number);
  }
  return shape as Record<Prefixed<P, K>, SQL<number>>;
}

/**
 * The shape fields of the month's figures read from the subquery aliased `alias` (teamFiguresSql,
 * ownFiguresSql or a row with the same columns), named `<prefix>TradeAmountFen` …
 */
export const figureFields = <P extends string>(alias: string, prefix: P) =>
  fields(FIGURE_COLUMNS, alias, prefix);

/** The shape fields of the terminal counts of the subquery `alias` (terminal-counts.ts). */
export const terminalFields = <P extends string>(alias: string, prefix: P) =>
  fields(TERMINAL_COLUMNS, alias, prefix);

/** The value named `<prefix><Key>` of a row read with a prefixed shape. */
function pick<P extends string, K extends string>(
  row: Record<Prefixed<P, K>, number>,
  prefix: P,
  key: K,
): number {
  return row[`${prefix}${key.charAt(0).toUpperCase()}${key.slice(1)}` as Prefixed<P, K>];
}

/** The figures named `<prefix>…` of a row read with figureFields(…, prefix). */
export const figuresOf = <P extends string>(
  row: Record<Prefixed<P, FigureKey>, number>,
  prefix: P,
): TeamFigures => ({
  tradeAmountFen: pick<P, FigureKey>(row, prefix, 'tradeAmountFen'),
  tradeCount: pick<P, FigureKey>(row, prefix, 'tradeCount'),
  newMerchants: pick<P, FigureKey>(row, prefix, 'newMerchants'),
  activatedTerminals: pick<P, FigureKey>(row, prefix, 'activatedTerminals'),
});

/** The terminal counts named `<prefix>…` of a row read with terminalFields(…, prefix). */
export const terminalsOf = <P extends string>(
  row: Record<Prefixed<P, TerminalKey>, number>,
  prefix: P,
): TeamTerminalCounts => ({
  stock: pick<P, TerminalKey>(row, prefix, 'stock'),
  bound: pick<P, TerminalKey>(row, prefix, 'bound'),
  activated: pick<P, TerminalKey>(row, prefix, 'activated'),
});
