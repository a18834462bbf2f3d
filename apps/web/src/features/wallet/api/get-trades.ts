import type { TradePage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export interface TradeFilters {
  scope?: 'all' | 'own' | 'team';
  payType?: number;
  totalType?: number;
  status?: number;
  kind?: number;
  /** Asia/Shanghai days, 'YYYY-MM-DD'. */
  startDate?: string;
  endDate?: string;
  merchantId?: number;
  sn?: string;
  pageSize?: number;
}

/** One keyset page of the transactions of my merchants and team (GET /api/ag/agent/trade/list). */
export async function getTrades(filters: TradeFilters, cursor: string | null): Promise<TradePage> {
  const res = await request<TradePage>({
    url: '/api/ag/agent/trade/list',
    params: { ...filters, pageSize: filters.pageSize ?? 20, cursor },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const tradesQuery = (filters: TradeFilters) =>
  infiniteQueryOptions({
    queryKey: walletKeys.trades(filters),
    queryFn: ({ pageParam }) => getTrades(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useTrades = (filters: TradeFilters) => useInfiniteQuery(tradesQuery(filters));
