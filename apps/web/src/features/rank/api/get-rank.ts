import type { RankList, RankMetric, RankPeriod } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

export const rankKeys = {
  all: ['rank'] as const,
  list: (metric: RankMetric, period: RankPeriod) => ['rank', metric, period] as const,
};

/** The ranking of the caller's tree (GET /api/ag/rank/list). */
export async function getRank(metric: RankMetric, period: RankPeriod): Promise<RankList> {
  // Silent: the page shows its own error block with a retry.
  const res = await request<RankList>({
    url: '/api/ag/rank/list',
    params: { metric, period },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const rankQuery = (metric: RankMetric, period: RankPeriod) =>
  queryOptions({ queryKey: rankKeys.list(metric, period), queryFn: () => getRank(metric, period) });

export const useRank = (metric: RankMetric, period: RankPeriod) =>
  useQuery(rankQuery(metric, period));
