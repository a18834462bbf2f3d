import type { StatsChildren } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { DetailFilters } from './get-detail';
import { dataKeys } from './data-keys';

/** One page of an agent's direct sub-agents with their teams' figures (GET /api/ag/stats/children). */
export async function getChildren(
  filters: DetailFilters,
  cursor: string | null,
): Promise<StatsChildren> {
  const res = await request<StatsChildren>({
    url: '/api/ag/stats/children',
    params: { ...filters, cursor, pageSize: 20 },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const childrenQuery = (filters: DetailFilters) =>
  infiniteQueryOptions({
    queryKey: dataKeys.children(filters),
    queryFn: ({ pageParam }) => getChildren(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useChildren = (filters: DetailFilters) => useInfiniteQuery(childrenQuery(filters));
