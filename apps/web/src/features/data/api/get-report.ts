import type { StatsReport, StatsScope } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataKeys } from './data-keys';

export interface ReportFilters {
  agentId?: number;
  from: string;
  to: string;
  scope: StatsScope;
}

/** One page of days of the statistics report (GET /api/ag/stats/report). */
export async function getReport(
  filters: ReportFilters,
  cursor: string | null,
): Promise<StatsReport> {
  const res = await request<StatsReport>({
    url: '/api/ag/stats/report',
    quietMissing: true,
    params: { ...filters, cursor, pageSize: 31 },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const reportQuery = (filters: ReportFilters) =>
  infiniteQueryOptions({
    queryKey: dataKeys.report(filters),
    queryFn: ({ pageParam }) => getReport(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useReport = (filters: ReportFilters) => useInfiniteQuery(reportQuery(filters));
