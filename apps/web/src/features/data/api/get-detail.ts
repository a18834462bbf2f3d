import type { StatsDetail } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataKeys } from './data-keys';

export interface DetailFilters {
  agentId?: number;
  from: string;
  to: string;
}

/** One day, or one agent over a range (GET /api/ag/stats/detail). */
export async function getDetail(filters: DetailFilters): Promise<StatsDetail> {
  const res = await request<StatsDetail>({
    url: '/api/ag/stats/detail',
    quietMissing: true,
    params: { ...filters },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const detailQuery = (filters: DetailFilters) =>
  queryOptions({ queryKey: dataKeys.detail(filters), queryFn: () => getDetail(filters) });

export const useDetail = (filters: DetailFilters) => useQuery(detailQuery(filters));
