import type { FeeTerminal } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import type { Page } from './get-open-candidates';
import { dataOf, policyKeys } from './policy-keys';

/** Unbound terminals the caller holds (GET /api/ag/fee/change/terminals). */
export async function getFeeTerminals(
  kind: number,
  policyId: number | undefined,
  cursor: string | null,
): Promise<Page<FeeTerminal>> {
  return dataOf(
    await request<Page<FeeTerminal>>({
      url: '/api/ag/fee/change/terminals',
      params: { kind, policyId, cursor, pageSize: 50 },
    }),
  );
}

export const feeTerminalsQuery = (kind: number, policyId?: number) =>
  infiniteQueryOptions({
    queryKey: policyKeys.feeTerminals(kind, policyId),
    queryFn: ({ pageParam }) => getFeeTerminals(kind, policyId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useFeeTerminals = (kind: number, policyId: number | undefined, enabled: boolean) =>
  useInfiniteQuery({ ...feeTerminalsQuery(kind, policyId), enabled });
