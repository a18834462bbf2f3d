import type { EarningDetail } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** One earnings record with how it was computed (GET /api/ag/agent/wallet/earning). */
export async function getEarning(id: number): Promise<EarningDetail> {
  const res = await request<EarningDetail>({
    url: '/api/ag/agent/wallet/earning',
    quietMissing: true,
    params: { id },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const earningQuery = (id: number) =>
  queryOptions({
    queryKey: walletKeys.earning(id),
    queryFn: () => getEarning(id),
    enabled: id > 0,
  });

export const useEarning = (id: number) => useQuery(earningQuery(id));
