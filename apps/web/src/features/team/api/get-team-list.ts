import type { TeamListResponse, TeamSort } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teamKeys } from './team-keys';

export interface TeamListFilters {
  /** Whose direct sub-agents; the signed-in agent when absent. */
  parentId?: number;
  keyword?: string;
  sort: TeamSort;
  order: 'desc' | 'asc';
  month?: string;
  pageSize?: number;
}

/** One keyset page of direct sub-agents with their team figures (GET /api/ag/myAgent/list). */
export async function getTeamList(
  filters: TeamListFilters,
  cursor: string | null,
): Promise<TeamListResponse> {
  const res = await request<TeamListResponse>({
    url: '/api/ag/myAgent/list',
    params: {
      parentId: filters.parentId,
      keyword: filters.keyword?.trim() || undefined,
      sort: filters.sort,
      order: filters.order,
      month: filters.month,
      pageSize: filters.pageSize ?? 20,
      cursor,
    },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const teamListQuery = (filters: TeamListFilters) =>
  infiniteQueryOptions({
    queryKey: teamKeys.list(filters),
    queryFn: ({ pageParam }) => getTeamList(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useTeamList = (filters: TeamListFilters, enabled = true) =>
  useInfiniteQuery({ ...teamListQuery(filters), enabled });
