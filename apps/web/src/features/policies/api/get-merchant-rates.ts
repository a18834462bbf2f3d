import type { MerchantRateInfo } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, IN_FLIGHT_POLL_MS, policyKeys } from './policy-keys';

/** A merchant's rates and what may be set (GET /api/ag/rate/change/merchant). */
export async function getMerchantRates(merchantId: number): Promise<MerchantRateInfo> {
  return dataOf(
    await request<MerchantRateInfo>({
      url: '/api/ag/rate/change/merchant',
      quietMissing: true,
      params: { merchantId },
    }),
  );
}

export const merchantRatesQuery = (merchantId: number) =>
  queryOptions({
    queryKey: policyKeys.merchantRates(merchantId),
    queryFn: () => getMerchantRates(merchantId),
    // While a change is with the acquirer, the screen follows it.
    refetchInterval: (q) =>
      q.state.data?.rates.some((r) => r.pendingChangeId !== null) ? IN_FLIGHT_POLL_MS : false,
  });

export const useMerchantRates = (merchantId: number | undefined) =>
  useQuery({ ...merchantRatesQuery(merchantId ?? 0), enabled: Boolean(merchantId) });
