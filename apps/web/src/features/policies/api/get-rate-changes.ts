import type { RateChangeItem } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Page } from './get-open-candidates';
import { dataOf, IN_FLIGHT_POLL_MS, inFlight, policyKeys } from './policy-keys';

export interface RateChangeFilters {
  status?: number;
  merchantId?: number;
}

/** Rate changes of the subtree, newest first (GET /api/ag/rate/change/list). */
export async function getRateChanges(
  filters: RateChangeFilters,
  cursor: string | null,
): Promise<Page<RateChangeItem>> {
  return dataOf(
    await request<Page<RateChangeItem>>({
      url: '/api/ag/rate/change/list',
      params: { ...filters, cursor, pageSize: 20 },
    }),
  );
}

export const rateChangesQuery = (filters: RateChangeFilters) =>
  infiniteQueryOptions({
    queryKey: policyKeys.rateChanges(filters),
    queryFn: ({ pageParam }) => getRateChanges(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval: (q) =>
      q.state.data?.pages[0]?.rows.some((r) => inFlight(r.status)) ? IN_FLIGHT_POLL_MS * 2 : false,
  });

export const useRateChanges = (filters: RateChangeFilters) =>
  useInfiniteQuery(rateChangesQuery(filters));
