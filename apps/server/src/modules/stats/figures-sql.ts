import { EARNING_INFO_TYPES, type StatsFigures, type StatsTerminalCounts } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { nameByText, type DbOrTx } from '../../db/client';
import { decode, preparedSelect, selection, type RowOf, bound } from '../../db/typed';
import { splitRange } from '../../lib/shanghai-dates';
import { inAgentSubtree } from '../../db/tree';

/**
 * The statistics' reads, all from rollups:
 * - agent_daily_stats: each agent's own figures per day (PK agent_id, day; index top_id, day);
 * - agent_monthly_stats: the same per month, with the agent's path (index month, path);
 * - agent_daily_earnings: each agent's earnings per day and info type (PK agent_id, day, type);
 * - terminal_stock_counts: live terminals per holder path, brand and bind status.
 * A figure is either an agent's own ("own": one agent id) or its subtree's ("team": a path range,
 * with the tree's top id, which every agent of the subtree shares, so either index can answer).
 * `tree`, the caller's top (null for an operator), puts top_id = tree on the rows read by agent
 * id (the shard key, decision 020); a team's rows are already bounded by its path in that tree.
 */
export type Who =
  | { kind: 'own'; agentId: SQL; tree: SQL | null }
  | { kind: 'team'; path: SQL; topId: SQL; tree: SQL | null };

const treeOf = (tree: number | null) => (tree === null ? null : sql`${tree}::bigint`);

export const own = (agentId: number, tree: number | null): Who => ({
  kind: 'own',
  agentId: sql`${agentId}::bigint`,
  tree: treeOf(tree),
});
export const team = (path: string, topId: number, tree: number | null): Who => ({
  kind: 'team',
  path: sql`${path}::text`,
  topId: sql`${topId}::bigint`,
  tree: treeOf(tree),
});

/** ` AND <column> = tree`, or nothing without a tree. */
const andTree = (column: string, tree: SQL | null): SQL =>
  tree === null ? sql`` : sql` AND ${sql.raw(column)} = ${tree}`;

/** ` AND <column> = topId` when given (the caller's tree, decision 020), or nothing. */
const andTopId = (column: string, topId: number | null | undefined): SQL =>
  andTree(column, treeOf(topId ?? null));

const FIGURE_COLUMNS = sql.raw(
  'trade_amount_fen AS a, trade_count AS c, new_merchants AS n, activated_terminals AS t',
);

/** A value bound at each call of a statement compiled once (prepareVariants). */

/** `own` with its values bound at each call: agentId, and tree when the caller has one. */
export const boundOwn = (tree: boolean): Who => ({
  kind: 'own',
  agentId: sql`${bound('agentId')}::bigint`,
  tree: tree ? sql`${bound('tree')}::bigint` : null,
});

/** `team` with its values bound at each call: path, topId, and tree when the caller has one. */
export const boundTeam = (tree: boolean): Who => ({
  kind: 'team',
  path: sql`${bound('path')}::text`,
  topId: sql`${bound('topId')}::bigint`,
  tree: tree ? sql`${bound('tree')}::bigint` : null,
});

/** `months` is the date[] expression of the whole months read. */
function monthlyPart(who: Who, months: SQL): SQL {
  const inMonths = sql`m.month = ANY(${months})`;
  if (who.kind === 'own') {
    return sql`SELECT ${FIGURE_COLUMNS} FROM agent_monthly_stats m WHERE m.agent_id = ${who.agentId}${andTree('m.top_id', who.tree)} AND ${inMonths}`;
  }
  // The path prefix keeps a team's months in its tree (the covering index answers it alone).
  return sql`SELECT ${FIGURE_COLUMNS} FROM agent_monthly_stats m WHERE ${inMonths} AND ${inAgentSubtree(sql`m.path`, who.path)}`;
}

/** The daily rows of `who` between two days (inclusive), as (day, a, c, n, t). */
export function dailyRows(who: Who, from: string | SQL, to: string | SQL): SQL {
  const days = sql`d.day BETWEEN ${from}::date AND ${to}::date`;
  if (who.kind === 'own') {
    return sql`SELECT d.day, d.trade_amount_fen AS a, d.trade_count AS c, d.new_merchants AS n,
        d.activated_terminals AS t
      FROM agent_daily_stats d WHERE d.agent_id = ${who.agentId}${andTree('d.top_id', who.tree)} AND ${days}`;
  }
  return sql`SELECT d.day, d.trade_amount_fen AS a, d.trade_count AS c, d.new_merchants AS n,
      d.activated_terminals AS t
    FROM agent_daily_stats d JOIN agents ag ON ag.id = d.agent_id${andTree('ag.top_id', who.tree)}
    WHERE d.top_id = ${who.topId} AND ${days} AND ${inAgentSubtree(sql`ag.path`, who.path)}`;
}

/**
 * A one-row subquery (trade_amount_fen, trade_count, new_merchants, activated_terminals) of
 * `who` over the days [from, to]: whole months from the monthly rollup, the edges from the daily
 * one. `who` may name columns of an outer query (a LATERAL join per sub-agent).
 */
export function rangeFiguresSql(who: Who, from: string, to: string): SQL {
  const { months, spans } = splitRange(from, to);
  return rangeUnion(who, months.length > 0 ? sql`${sql.param(months)}::date[]` : null, spans);
}

/**
 * How splitRange cuts a range: whether it has whole months (m1) and how many edge spans (s0–s2).
 * It decides boundRangeFiguresSql's text; the months and the spans' days are bound values.
 */
export type RangeCut = `m${0 | 1}s${0 | 1 | 2}`;

/**
 * The cut of [from, to] and the values boundRangeFiguresSql binds, named after `prefix`: the
 * months as one PostgreSQL array literal ('{2026-10-01,2026-11-01}': a JavaScript array would not
 * bind through a transaction), each span's first and last day.
 */
export function rangeValues(
  prefix: string,
  from: string,
  to: string,
): { cut: RangeCut; values: Record<string, string> } {
  const { months, spans } = splitRange(from, to);
  const values: Record<string, string> = {};
  if (months.length > 0) values[`${prefix}Months`] = `{${months.join(',')}}`;
  spans.forEach(([lo, hi], i) => {
    values[`${prefix}Lo${i}`] = lo;
    values[`${prefix}Hi${i}`] = hi;
  });
  return { cut: `m${months.length > 0 ? 1 : 0}s${spans.length}` as RangeCut, values };
}

/** rangeFiguresSql with the range bound at each call (rangeValues names the values). */
export function boundRangeFiguresSql(who: Who, cut: RangeCut, prefix: string): SQL {
  const spans: [SQL, SQL][] = [];
  for (let i = 0; i < Number(cut.slice(3)); i++) {
    spans.push([bound(`${prefix}Lo${i}`), bound(`${prefix}Hi${i}`)]);
  }
  const months = cut.startsWith('m1') ? sql`${bound(`${prefix}Months`)}::date[]` : null;
  return rangeUnion(who, months, spans);
}

function rangeUnion(who: Who, months: SQL | null, spans: [string | SQL, string | SQL][]): SQL {
  const parts: SQL[] = [];
  if (months !== null) parts.push(monthlyPart(who, months));
  for (const [lo, hi] of spans) {
    parts.push(sql`SELECT x.a, x.c, x.n, x.t FROM (${dailyRows(who, lo, hi)}) x`);
  }
  if (parts.length === 0)
    parts.push(
      sql`SELECT 0::bigint AS a, 0::bigint AS c, 0::bigint AS n, 0::bigint AS t WHERE false`,
    );
  return sql`SELECT COALESCE(sum(u.a), 0) AS trade_amount_fen, COALESCE(sum(u.c), 0) AS trade_count,
      COALESCE(sum(u.n), 0) AS new_merchants, COALESCE(sum(u.t), 0) AS activated_terminals
    FROM (${sql.join(parts, sql` UNION ALL `)}) u`;
}

/** A number read from `<alias>.<column>` of a statement's subquery. */
const numberAt = (alias: string, column: string) =>
  sql.raw(`${alias}.${column}`).mapWith(decode.number);

/** The four figures of a rangeFiguresSql subquery (or a row of the same columns) named `alias`. */
export const figureFields = (alias: string) => ({
  tradeAmountFen: numberAt(alias, 'trade_amount_fen'),
  tradeCount: numberAt(alias, 'trade_count'),
  newMerchants: numberAt(alias, 'new_merchants'),
  activatedTerminals: numberAt(alias, 'activated_terminals'),
});

/** The figures of a row read with figureFields. */
export const toFigures = (r: RowOf<ReturnType<typeof figureFields>>): StatsFigures => ({
  tradeAmountFen: r.tradeAmountFen,
  tradeCount: r.tradeCount,
  newMerchants: r.newMerchants,
  activatedTerminals: r.activatedTerminals,
});

export async function rangeFigures(
  db: DbOrTx,
  who: Who,
  from: string,
  to: string,
): Promise<StatsFigures> {
  const [r] = await preparedSelect(
    db,
    nameByText('stats_range'),
    selection(figureFields('r')),
    sql`FROM (${rangeFiguresSql(who, from, to)}) r`,
  );
  // Sums without GROUP BY: one row, always.
  if (!r) throw new Error('the range figures read no row');
  return toFigures(r);
}

/** Figures of `who` per day between two days, only the days that have a row. */
export async function dailyFigures(
  db: DbOrTx,
  who: Who,
  from: string,
  to: string,
): Promise<Map<string, StatsFigures>> {
  const found = await preparedSelect(
    db,
    nameByText('stats_daily'),
    selection({
      day: sql`x.day::text`.mapWith(decode.text),
      tradeAmountFen: sql`sum(x.a)`.mapWith(decode.number),
      tradeCount: sql`sum(x.c)`.mapWith(decode.number),
      newMerchants: sql`sum(x.n)`.mapWith(decode.number),
      activatedTerminals: sql`sum(x.t)`.mapWith(decode.number),
    }),
    sql`FROM (${dailyRows(who, from, to)}) x GROUP BY x.day`,
  );
  return new Map(found.map((r) => [r.day.slice(0, 10), toFigures(r)]));
}

export const earningTypes = () => sql`${sql.param([...EARNING_INFO_TYPES])}::text[]`;

/**
 * earningTypes for a statement compiled once: the same list as one array literal, a value that
 * binds as it is through a transaction too.
 */
export const earningTypesLiteral = () => sql`${`{${EARNING_INFO_TYPES.join(',')}}`}::text[]`;

/** An agent's earnings per day between two days (earning info types only). */
export async function dailyEarnings(
  db: DbOrTx,
  agentId: number,
  from: string,
  to: string,
  topId: number | null = null,
): Promise<Map<string, number>> {
  const found = await preparedSelect(
    db,
    nameByText('stats_earn_daily'),
    selection({
      day: sql`day::text`.mapWith(decode.text),
      amount: sql`sum(amount_fen)`.mapWith(decode.number),
    }),
    sql`FROM agent_daily_earnings
        WHERE agent_id = ${agentId}${andTopId('top_id', topId)} AND day BETWEEN ${from}::date AND ${to}::date
          AND info_type = ANY(${earningTypes()})
        GROUP BY day`,
  );
  return new Map(found.map((r) => [r.day.slice(0, 10), r.amount]));
}

/** An agent's earnings between two days by info type, in the order of EARNING_INFO_TYPES. */
export async function earningsByType(
  db: DbOrTx,
  agentId: number,
  from: string,
  to: string,
  topId: number | null = null,
): Promise<{ infoType: string; amountFen: number; count: number }[]> {
  const found = await preparedSelect(
    db,
    nameByText('stats_earn_type'),
    selection({
      infoType: sql`info_type`.mapWith(decode.text),
      amount: sql`sum(amount_fen)`.mapWith(decode.number),
      n: sql`sum(line_count)`.mapWith(decode.number),
    }),
    sql`FROM agent_daily_earnings
        WHERE agent_id = ${agentId}${andTopId('top_id', topId)} AND day BETWEEN ${from}::date AND ${to}::date
          AND info_type = ANY(${earningTypes()})
        GROUP BY info_type`,
  );
  const byType = new Map(found.map((r) => [r.infoType, r]));
  return EARNING_INFO_TYPES.filter((t) => byType.has(t)).map((t) => ({
    infoType: t,
    amountFen: byType.get(t)!.amount,
    count: byType.get(t)!.n,
  }));
}

/**
 * Live terminals by bind status held by the agent itself (holder_path = path) and by its whole
 * subtree, from terminal_stock_counts: one range of its primary key.
 */
export async function terminalCounts(
  db: DbOrTx,
  path: string,
): Promise<{ own: StatsTerminalCounts; team: StatsTerminalCounts }> {
  const found = await preparedSelect(
    db,
    nameByText('stats_terminals'),
    selection({
      mine: sql`(c.holder_path = (${path} COLLATE "C"))`.mapWith(decode.bool),
      bindStatus: sql`c.bind_status`.mapWith(decode.number),
      n: sql`sum(c.n)`.mapWith(decode.number),
    }),
    sql`FROM terminal_stock_counts c
        WHERE c.holder_path >= (${path} COLLATE "C") AND c.holder_path < (${path + '~'} COLLATE "C")
        GROUP BY 1, 2`,
  );
  const empty = (): StatsTerminalCounts => ({ unbound: 0, bound: 0, activated: 0 });
  const out = { own: empty(), team: empty() };
  for (const r of found) {
    const key = r.bindStatus === 0 ? 'unbound' : r.bindStatus === 1 ? 'bound' : 'activated';
    out.team[key] += r.n;
    if (r.mine) out.own[key] += r.n;
  }
  return out;
}
