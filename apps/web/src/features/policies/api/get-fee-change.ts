import type { FeeChangeDetail } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, IN_FLIGHT_POLL_MS, inFlight, policyKeys } from './policy-keys';

/** One fee change batch (GET /api/ag/fee/change/info). */
export async function getFeeChange(id: number): Promise<FeeChangeDetail> {
  return dataOf(
    await request<FeeChangeDetail>({
      url: '/api/ag/fee/change/info',
      quietMissing: true,
      params: { id },
    }),
  );
}

export const feeChangeQuery = (id: number) =>
  queryOptions({
    queryKey: policyKeys.feeChange(id),
    queryFn: () => getFeeChange(id),
    refetchInterval: (q) => (inFlight(q.state.data?.status) ? IN_FLIGHT_POLL_MS : false),
  });

export const useFeeChange = (id: number | undefined) =>
  useQuery({ ...feeChangeQuery(id ?? 0), enabled: Boolean(id) });
