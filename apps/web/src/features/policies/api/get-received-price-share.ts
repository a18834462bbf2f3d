import type { ReceivedPriceShareInfo } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** One policy's share as it reaches the caller (GET /api/ag/price-share/received/info). */
export async function getReceivedPriceShare(policyId: number): Promise<ReceivedPriceShareInfo> {
  return dataOf(
    await request<ReceivedPriceShareInfo>({
      url: '/api/ag/price-share/received/info',
      params: { policyId },
    }),
  );
}

export const receivedPriceShareQuery = (policyId: number) =>
  queryOptions({
    queryKey: policyKeys.receivedInfo(policyId),
    queryFn: () => getReceivedPriceShare(policyId),
  });

export const useReceivedPriceShare = (policyId: number | undefined) =>
  useQuery({ ...receivedPriceShareQuery(policyId ?? 0), enabled: Boolean(policyId) });
