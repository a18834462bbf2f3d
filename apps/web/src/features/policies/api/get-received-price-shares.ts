import type { ReceivedPriceShare } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** What the caller's parent passes to it, per policy (GET /api/ag/price-share/received). */
export async function getReceivedPriceShares(): Promise<ReceivedPriceShare[]> {
  return dataOf(await request<ReceivedPriceShare[]>({ url: '/api/ag/price-share/received' }));
}

export const receivedPriceSharesQuery = () =>
  queryOptions({ queryKey: policyKeys.received(), queryFn: getReceivedPriceShares });

export const useReceivedPriceShares = () => useQuery(receivedPriceSharesQuery());
