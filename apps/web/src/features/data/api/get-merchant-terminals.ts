import type { MerchantTerminals } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataKeys } from './data-keys';

/** One page of a merchant's bound terminals (GET /api/ag/check/merchant-terminals). */
export async function getMerchantTerminals(
  merchantId: number,
  cursor: string | null,
): Promise<MerchantTerminals> {
  const res = await request<MerchantTerminals>({
    url: '/api/ag/check/merchant-terminals',
    quietMissing: true,
    params: { merchantId, cursor, pageSize: 20 },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const merchantTerminalsQuery = (merchantId: number) =>
  infiniteQueryOptions({
    queryKey: dataKeys.merchant(merchantId),
    queryFn: ({ pageParam }) => getMerchantTerminals(merchantId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: merchantId > 0,
  });

export const useMerchantTerminals = (merchantId: number) =>
  useInfiniteQuery(merchantTerminalsQuery(merchantId));
