import type { StandardCheckPage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataKeys } from './data-keys';

export interface StandardFilters {
  month?: string;
  result?: number;
  sn?: string;
}

/** One page of the merchant standard check of a month (GET /api/ag/check/standard). */
export async function getStandardChecks(
  filters: StandardFilters,
  cursor: string | null,
): Promise<StandardCheckPage> {
  const res = await request<StandardCheckPage>({
    url: '/api/ag/check/standard',
    params: { ...filters, cursor, pageSize: 20 },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const standardChecksQuery = (filters: StandardFilters) =>
  infiniteQueryOptions({
    queryKey: dataKeys.standard(filters),
    queryFn: ({ pageParam }) => getStandardChecks(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useStandardChecks = (filters: StandardFilters) =>
  useInfiniteQuery(standardChecksQuery(filters));
