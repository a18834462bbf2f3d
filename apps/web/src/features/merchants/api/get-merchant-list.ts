import type { MerchantCondition, MerchantPage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { merchantKeys } from './merchant-keys';

export interface MerchantFilters {
  keyword?: string;
  condition?: MerchantCondition;
  agentId?: number;
}

/** One keyset page of my subtree's merchants (GET /api/merchant/list). */
export async function getMerchantList(
  filters: MerchantFilters,
  cursor: string | null,
): Promise<MerchantPage> {
  const res = await request<MerchantPage>({
    url: '/api/merchant/list',
    params: {
      keyword: filters.keyword?.trim() || undefined,
      condition: filters.condition ?? 'all',
      agentId: filters.agentId,
      cursor,
      pageSize: 20,
    },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const merchantListQuery = (filters: MerchantFilters) =>
  infiniteQueryOptions({
    queryKey: merchantKeys.list(filters),
    queryFn: ({ pageParam }) => getMerchantList(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMerchantList = (filters: MerchantFilters) =>
  useInfiniteQuery(merchantListQuery(filters));
