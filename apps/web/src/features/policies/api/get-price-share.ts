import type { PriceShareInfo } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** One child's pass-down share under one policy, with history (GET /api/ag/price-share/info). */
export async function getPriceShare(childId: number, policyId: number): Promise<PriceShareInfo> {
  return dataOf(
    await request<PriceShareInfo>({
      url: '/api/ag/price-share/info',
      params: { childId, policyId },
    }),
  );
}

export const priceShareQuery = (childId: number, policyId: number) =>
  queryOptions({
    queryKey: policyKeys.priceShare(childId, policyId),
    queryFn: () => getPriceShare(childId, policyId),
  });

export const usePriceShare = (childId: number | undefined, policyId: number | undefined) =>
  useQuery({
    ...priceShareQuery(childId ?? 0, policyId ?? 0),
    enabled: Boolean(childId && policyId),
  });
