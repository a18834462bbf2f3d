import type { StatsOverview } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataKeys } from './data-keys';

/** The data tab's month (GET /api/ag/stats/overview). */
export async function getOverview(month?: string): Promise<StatsOverview> {
  // Silent: the page shows its own error block with a retry.
  const res = await request<StatsOverview>({
    url: '/api/ag/stats/overview',
    params: { month },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const overviewQuery = (month?: string) =>
  queryOptions({ queryKey: dataKeys.overview(month), queryFn: () => getOverview(month) });

export const useOverview = (month?: string) => useQuery(overviewQuery(month));
