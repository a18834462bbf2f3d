import type { EarningsStats } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** My earnings of a month by info type and by day (GET /api/ag/agent/wallet/earningsStats). */
export async function getEarningsStats(month: string | undefined): Promise<EarningsStats> {
  const res = await request<EarningsStats>({
    url: '/api/ag/agent/wallet/earningsStats',
    params: { month },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const earningsStatsQuery = (month: string | undefined) =>
  queryOptions({
    queryKey: walletKeys.earningsStats(month),
    queryFn: () => getEarningsStats(month),
  });

export const useEarningsStats = (month: string | undefined) => useQuery(earningsStatsQuery(month));
