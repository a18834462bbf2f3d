import type { FeeChangeItem } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Page } from './get-open-candidates';
import { dataOf, IN_FLIGHT_POLL_MS, inFlight, policyKeys } from './policy-keys';

export interface FeeChangeFilters {
  kind?: number;
  status?: number;
  sn?: string;
}

/** Fee changes of the subtree, newest first (GET /api/ag/fee/change/list). */
export async function getFeeChanges(
  filters: FeeChangeFilters,
  cursor: string | null,
): Promise<Page<FeeChangeItem>> {
  return dataOf(
    await request<Page<FeeChangeItem>>({
      url: '/api/ag/fee/change/list',
      params: { ...filters, sn: filters.sn || undefined, cursor, pageSize: 20 },
    }),
  );
}

export const feeChangesQuery = (filters: FeeChangeFilters) =>
  infiniteQueryOptions({
    queryKey: policyKeys.feeChanges(filters),
    queryFn: ({ pageParam }) => getFeeChanges(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (q) =>
      q.state.data?.pages[0]?.rows.some((r) => inFlight(r.status)) ? IN_FLIGHT_POLL_MS * 2 : false,
  });

export const useFeeChanges = (filters: FeeChangeFilters) =>
  useInfiniteQuery(feeChangesQuery(filters));
