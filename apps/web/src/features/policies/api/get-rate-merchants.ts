import type { RateMerchant } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Page } from './get-open-candidates';
import { dataOf, policyKeys } from './policy-keys';

/** The caller's direct merchants, whose rates it may change (GET /api/ag/rate/change/merchants). */
export async function getRateMerchants(
  keyword: string,
  cursor: string | null,
): Promise<Page<RateMerchant>> {
  return dataOf(
    await request<Page<RateMerchant>>({
      url: '/api/ag/rate/change/merchants',
      params: { keyword: keyword || undefined, cursor, pageSize: 20 },
    }),
  );
}

export const rateMerchantsQuery = (keyword: string) =>
  infiniteQueryOptions({
    queryKey: policyKeys.rateMerchants(keyword),
    queryFn: ({ pageParam }) => getRateMerchants(keyword, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useRateMerchants = (keyword: string) => useInfiniteQuery(rateMerchantsQuery(keyword));
