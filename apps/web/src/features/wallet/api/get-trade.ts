import type { TradeDetail } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** One transaction of my subtree with my earnings on it (GET /api/ag/agent/trade/detail). */
export async function getTrade(id: number): Promise<TradeDetail> {
  const res = await request<TradeDetail>({
    url: '/api/ag/agent/trade/detail',
    quietMissing: true,
    params: { id },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const tradeQuery = (id: number) =>
  queryOptions({ queryKey: walletKeys.trade(id), queryFn: () => getTrade(id), enabled: id > 0 });

export const useTrade = (id: number) => useQuery(tradeQuery(id));
