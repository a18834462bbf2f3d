import type { Withdrawal } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export async function getWithdrawal(id: number): Promise<Withdrawal> {
  const res = await request<Withdrawal>({
    url: '/api/ag/agent/withdraw/info',
    quietMissing: true,
    params: { id },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const withdrawalQuery = (id: number) =>
  queryOptions({
    queryKey: withdrawalKeys.detail(id),
    queryFn: () => getWithdrawal(id),
    enabled: id > 0,
  });
export const useWithdrawal = (id: number) => useQuery(withdrawalQuery(id));
