import type { ActivationCheckPage, ActivationFilter } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataKeys } from './data-keys';

export interface ActivationFilters {
  status: ActivationFilter;
  sn?: string;
}

/** One page of the activation check (GET /api/ag/check/activation). */
export async function getActivationChecks(
  filters: ActivationFilters,
  cursor: string | null,
): Promise<ActivationCheckPage> {
  const res = await request<ActivationCheckPage>({
    url: '/api/ag/check/activation',
    params: { ...filters, cursor, pageSize: 20 },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const activationChecksQuery = (filters: ActivationFilters) =>
  infiniteQueryOptions({
    queryKey: dataKeys.activation(filters),
    queryFn: ({ pageParam }) => getActivationChecks(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useActivationChecks = (filters: ActivationFilters) =>
  useInfiniteQuery(activationChecksQuery(filters));
