import type { RateChangeDetail } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, IN_FLIGHT_POLL_MS, inFlight, policyKeys } from './policy-keys';

/** One rate change (GET /api/ag/rate/change/info). */
export async function getRateChange(id: number): Promise<RateChangeDetail> {
  return dataOf(
    await request<RateChangeDetail>({
      url: '/api/ag/rate/change/info',
      quietMissing: true,
      params: { id },
    }),
  );
}

export const rateChangeQuery = (id: number) =>
  queryOptions({
    queryKey: policyKeys.rateChange(id),
    queryFn: () => getRateChange(id),
    // Applying and processing are followed until the acquirer answers.
    refetchInterval: (q) => (inFlight(q.state.data?.status) ? IN_FLIGHT_POLL_MS : false),
  });

export const useRateChange = (id: number | undefined) =>
  useQuery({ ...rateChangeQuery(id ?? 0), enabled: Boolean(id) });
