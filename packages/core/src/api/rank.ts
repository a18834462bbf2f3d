import { z } from 'zod';

/**
 * Contract of the rankings (排行榜, issue 32): GET /api/ag/rank/list.
 *
 * An agent is ranked against the agents of its own top-level tree (the same top_id), never
 * another tree's; the platform's own accounts (isSpecificAccount) are left out. Every figure is
 * read from the rollups (decision 006) over an Asia/Shanghai day, week (Monday to today) or month
 * (the 1st to today). Names follow decision 010: the caller and its team by name, everyone else
 * masked. Money is integer fen.
 *
 * - volume: the agent's own merchants' trade volume;
 * - activations: terminals of its own merchants activated;
 * - earnings: what landed in its wallet (earning types only);
 * - teamVolume: the trade volume of its whole subtree, itself included.
 */
export const RANK_METRICS = ['volume', 'activations', 'earnings', 'teamVolume'] as const;
export type RankMetric = (typeof RANK_METRICS)[number];
export const RANK_PERIODS = ['day', 'week', 'month'] as const;
export type RankPeriod = (typeof RANK_PERIODS)[number];
/** How many agents the list shows. */
export const RANK_TOP = 20;

export const rankListQuery = z.object({
  metric: z.enum(RANK_METRICS, { message: '排行指标不正确' }).default('volume'),
  period: z.enum(RANK_PERIODS, { message: '统计周期不正确' }).default('month'),
});
export type RankListQuery = z.infer<typeof rankListQuery>;
export type RankListParams = z.input<typeof rankListQuery>;

export const rankRow = z.object({
  /** 1 for the largest figure; equal figures share a rank. */
  rank: z.number(),
  agentId: z.number(),
  /** As decision 010 shows this agent to the caller. */
  name: z.string(),
  /** Fen for volume, earnings and teamVolume; a count for activations. */
  value: z.number(),
  isSelf: z.boolean(),
});
export type RankRow = z.infer<typeof rankRow>;

export const rankList = z.object({
  metric: z.enum(RANK_METRICS),
  period: z.enum(RANK_PERIODS),
  /** The days counted, Asia/Shanghai, 'YYYY-MM-DD'. */
  from: z.string(),
  to: z.string(),
  /** Agents with a figure above zero, largest first, at most RANK_TOP. */
  rows: z.array(rankRow),
  /** How many agents have a figure above zero. */
  ranked: z.number(),
  /**
   * The caller's own place: its figure, and its rank when the figure is above zero (null: not
   * ranked). Null for an operator, who has no figures of its own.
   */
  mine: z.object({ rank: z.number().nullable(), value: z.number(), name: z.string() }).nullable(),
  /**
   * When these figures were computed from the rollups (ISO 8601): a ranking is kept for up to
   * RANK_MAX_AGE_SECONDS (the server's setting) and then computed again. Null when there is
   * nothing to rank (an agent without a tree).
   */
  asOf: z.string().nullable(),
});
export type RankList = z.infer<typeof rankList>;
