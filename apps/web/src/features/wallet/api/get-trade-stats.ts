import type { TradeStats } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** Trading figures of a month: own, team, by day (GET /api/ag/agent/trade/stats). */
export async function getTradeStats(month: string | undefined): Promise<TradeStats> {
  const res = await request<TradeStats>({ url: '/api/ag/agent/trade/stats', params: { month } });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const tradeStatsQuery = (month: string | undefined) =>
  queryOptions({ queryKey: walletKeys.tradeStats(month), queryFn: () => getTradeStats(month) });

export const useTradeStats = (month: string | undefined) => useQuery(tradeStatsQuery(month));
