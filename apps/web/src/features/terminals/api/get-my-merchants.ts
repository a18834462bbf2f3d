import type { MerchantPage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** My own merchants, to bind a terminal to (GET /api/merchant/list?agentId=me). */
export async function getMyMerchants(agentId: number, keyword: string, cursor: string | null) {
  const res = await request<MerchantPage>({
    url: '/api/merchant/list',
    params: { agentId, keyword: keyword || undefined, cursor, pageSize: 20 },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const myMerchantsQuery = (agentId: number, keyword: string) =>
  infiniteQueryOptions({
    queryKey: terminalKeys.merchants(`${agentId}:${keyword}`),
    queryFn: ({ pageParam }) => getMyMerchants(agentId, keyword, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMyMerchants = (agentId: number | undefined, keyword: string, enabled: boolean) =>
  useInfiniteQuery({
    ...myMerchantsQuery(agentId ?? 0, keyword),
    enabled: enabled && agentId !== undefined,
  });
