import type { TeamFigures, TeamTerminalCounts } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { inSubtree } from './scope';

/** Numbers arrive as text (pg, bigint) or numbers (PGlite); either way they are small enough. */
export const num = (v: unknown): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * A one-row subquery of the month's figures summed over the subtree whose top has path
 * `pathExpr`: an index-only range scan of agent_monthly_stats. The path prefix keeps it in one
 * tree (decision 020) when `pathExpr` is a value or the path of a row read in the caller's tree.
 */
export function teamFiguresSql(pathExpr: SQL, monthKey: string): SQL {
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
  monthKey: string,
  caller: Pick<Caller, 'topId'>,
): SQL {
  return sql`SELECT COALESCE(sum(m.trade_amount_fen), 0) AS trade_amount_fen,
      COALESCE(sum(m.trade_count), 0) AS trade_count,
      COALESCE(sum(m.new_merchants), 0) AS new_merchants,
      COALESCE(sum(m.activated_terminals), 0) AS activated_terminals
    FROM agent_monthly_stats m
    WHERE m.agent_id = ${agentIdExpr}${andInTree('m.top_id', caller)} AND m.month = ${monthKey}::date`;
}

export const toFigures = (r: Record<string, unknown>, prefix = ''): TeamFigures => ({
  tradeAmountFen: num(r[`${prefix}trade_amount_fen`]),
  tradeCount: num(r[`${prefix}trade_count`]),
  newMerchants: num(r[`${prefix}new_merchants`]),
  activatedTerminals: num(r[`${prefix}activated_terminals`]),
});

export const toTerminals = (r: Record<string, unknown>, prefix = ''): TeamTerminalCounts => ({
  stock: num(r[`${prefix}stock`]),
  bound: num(r[`${prefix}bound`]),
  activated: num(r[`${prefix}activated`]),
});
