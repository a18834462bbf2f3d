import { z } from 'zod';

/**
 * Contracts of the data feature's statistics: the data tab's dashboard for a month
 * (GET /api/ag/stats/overview), the report over a date range (GET /api/ag/stats/report), the
 * figures of one day or one agent (GET /api/ag/stats/detail) and the direct sub-agents' share of
 * them (GET /api/ag/stats/children).
 *
 * Every figure comes from the daily and monthly rollups, never from transactions. "Own" figures
 * are the agent's own merchants'; "team" figures add up the agent's whole subtree, the agent
 * included. Earnings are always the agent's own (what landed in its wallet). Days and months are
 * cut in Asia/Shanghai; money is integer fen.
 */

const queryId = (message: string) =>
  z.coerce
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(Number.MAX_SAFE_INTEGER, message);

/** A calendar month, 'YYYY-MM'. */
export const statsMonth = z
  .string({ error: '月份格式错误' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式错误');

/** True for a real calendar day written 'YYYY-MM-DD' (no 2026-02-30). */
export function isStatsDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** A calendar day, 'YYYY-MM-DD'. */
export const statsDay = (message = '日期格式错误') =>
  z.string({ error: message }).refine(isStatsDay, message);

/** A report covers at most this many days (a leap year). */
export const STATS_MAX_RANGE_DAYS = 366;
/** The data tab's trend: this many days up to the end of the month shown (or today). */
export const STATS_TREND_DAYS = 7;
export const STATS_PAGE_SIZE_MAX = 62;
export const STATS_CHILDREN_PAGE_SIZE_MAX = 50;

export const STATS_SCOPES = ['team', 'own'] as const;
export type StatsScope = (typeof STATS_SCOPES)[number];

export const statsFigures = z.object({
  tradeAmountFen: z.number(),
  tradeCount: z.number(),
  newMerchants: z.number(),
  activatedTerminals: z.number(),
});
export type StatsFigures = z.infer<typeof statsFigures>;

/** Live terminals by bind status. */
export const statsTerminalCounts = z.object({
  unbound: z.number(),
  bound: z.number(),
  activated: z.number(),
});
export type StatsTerminalCounts = z.infer<typeof statsTerminalCounts>;

/** The agent a report is about: the caller, or an agent of its subtree (masked name). */
export const statsAgent = z.object({
  id: z.number(),
  name: z.string(),
  isSelf: z.boolean(),
});
export type StatsAgent = z.infer<typeof statsAgent>;

// ---------------------------------------------------------------------------------------------
// The data tab: GET /api/ag/stats/overview
// ---------------------------------------------------------------------------------------------

export const statsOverviewQuery = z.object({
  /** The month shown; the current Asia/Shanghai month when absent. */
  month: statsMonth.optional(),
});
export type StatsOverviewQuery = z.infer<typeof statsOverviewQuery>;

export const statsTrendPoint = z.object({
  day: z.string(),
  ownAmountFen: z.number(),
  teamAmountFen: z.number(),
  teamCount: z.number(),
});
export type StatsTrendPoint = z.infer<typeof statsTrendPoint>;

export const statsOverview = z.object({
  agent: statsAgent,
  month: statsMonth,
  /** Today in Asia/Shanghai: the trend of the current month ends here. */
  today: z.string(),
  own: statsFigures,
  team: statsFigures,
  /** The caller's own earnings of the month (earning info types only, no withdrawals). */
  earningsFen: z.number(),
  /** Terminals bound to a merchant during the month: the agent's own and its whole team's. */
  newTerminals: z.object({ own: z.number(), team: z.number() }),
  /** Terminals held now (a snapshot, not of the month). */
  terminals: z.object({ own: statsTerminalCounts, team: statsTerminalCounts }),
  /**
   * STATS_TREND_DAYS days ending on the month's last day (today for the current month), oldest
   * first; early in a month they reach back into the month before.
   */
  trend: z.array(statsTrendPoint),
});
export type StatsOverview = z.infer<typeof statsOverview>;

// ---------------------------------------------------------------------------------------------
// The report: GET /api/ag/stats/report
// ---------------------------------------------------------------------------------------------

export const statsReportQuery = z.object({
  /** An agent of the caller's subtree; the caller when absent. */
  agentId: queryId('代理编号不正确').optional(),
  /** First day; the first day of the current month when absent. */
  from: statsDay('开始日期格式错误').optional(),
  /** Last day; today when absent. At most STATS_MAX_RANGE_DAYS days after `from`. */
  to: statsDay('结束日期格式错误').optional(),
  scope: z.enum(STATS_SCOPES, { message: '统计范围不正确' }).default('team'),
  /** nextCursor of the previous page: the last day shown (pages go back in time). */
  cursor: statsDay('分页游标格式错误').optional(),
  pageSize: z.coerce
    .number({ error: '每页条数格式错误' })
    .int('每页条数格式错误')
    .min(1, '每页条数格式错误')
    .max(STATS_PAGE_SIZE_MAX, `每页最多${STATS_PAGE_SIZE_MAX}条`)
    .default(31),
});
export type StatsReportQuery = z.input<typeof statsReportQuery>;
export type StatsReportParams = z.infer<typeof statsReportQuery>;

export const statsDayRow = statsFigures.extend({ day: z.string(), earningsFen: z.number() });
export type StatsDayRow = z.infer<typeof statsDayRow>;

export const statsReport = z.object({
  agent: statsAgent,
  from: z.string(),
  to: z.string(),
  scope: z.enum(STATS_SCOPES),
  /** The whole range, whatever page this is. */
  totals: statsFigures.extend({ earningsFen: z.number() }),
  /** Every day of the page, newest first, days without figures included as zeros. */
  rows: z.array(statsDayRow),
  nextCursor: z.string().nullable(),
});
export type StatsReport = z.infer<typeof statsReport>;

// ---------------------------------------------------------------------------------------------
// One day or one agent: GET /api/ag/stats/detail and GET /api/ag/stats/children
// ---------------------------------------------------------------------------------------------

export const statsDetailQuery = z.object({
  agentId: queryId('代理编号不正确').optional(),
  /** One day: from = to. */
  from: statsDay('开始日期格式错误'),
  to: statsDay('结束日期格式错误'),
});
export type StatsDetailQuery = z.infer<typeof statsDetailQuery>;

export const statsEarningsByType = z.object({
  infoType: z.string(),
  amountFen: z.number(),
  count: z.number(),
});
export type StatsEarningsByType = z.infer<typeof statsEarningsByType>;

export const statsDetail = z.object({
  agent: statsAgent.extend({ mobile: z.string(), directCount: z.number() }),
  from: z.string(),
  to: z.string(),
  own: statsFigures,
  team: statsFigures,
  earningsFen: z.number(),
  earningsByType: z.array(statsEarningsByType),
});
export type StatsDetail = z.infer<typeof statsDetail>;

export const statsChildrenQuery = statsDetailQuery.extend({
  /** nextCursor of the previous page: the id of the last sub-agent shown. */
  cursor: queryId('分页游标格式错误').optional(),
  pageSize: z.coerce
    .number({ error: '每页条数格式错误' })
    .int('每页条数格式错误')
    .min(1, '每页条数格式错误')
    .max(STATS_CHILDREN_PAGE_SIZE_MAX, `每页最多${STATS_CHILDREN_PAGE_SIZE_MAX}条`)
    .default(20),
});
export type StatsChildrenQuery = z.input<typeof statsChildrenQuery>;
export type StatsChildrenParams = z.infer<typeof statsChildrenQuery>;

export const statsChild = z.object({
  id: z.number(),
  name: z.string(),
  mobile: z.string(),
  /** The sub-agent's whole team over the range. */
  team: statsFigures,
});
export type StatsChild = z.infer<typeof statsChild>;

export const statsChildren = z.object({
  rows: z.array(statsChild),
  nextCursor: z.string().nullable(),
});
export type StatsChildren = z.infer<typeof statsChildren>;
