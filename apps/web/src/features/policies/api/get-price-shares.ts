import type { PriceShareItem } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Page } from './get-open-candidates';
import { dataOf, policyKeys } from './policy-keys';

/** What the caller passes down to each direct child per policy (GET /api/ag/price-share/children). */
export async function getPriceShares(cursor: string | null): Promise<Page<PriceShareItem>> {
  return dataOf(
    await request<Page<PriceShareItem>>({
      url: '/api/ag/price-share/children',
      params: { cursor, pageSize: 20 },
    }),
  );
}

export const priceSharesQuery = () =>
  infiniteQueryOptions({
    queryKey: policyKeys.priceShares(),
    queryFn: ({ pageParam }) => getPriceShares(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const usePriceShares = () => useInfiniteQuery(priceSharesQuery());
