import type { WithdrawPage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export async function getWithdrawals(
  status: number | undefined,
  cursor: string | null,
): Promise<WithdrawPage> {
  const res = await request<WithdrawPage>({
    url: '/api/ag/agent/withdraw/list',
    params: { status, cursor, pageSize: 20 },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const withdrawalsQuery = (status?: number) =>
  infiniteQueryOptions({
    queryKey: withdrawalKeys.list(status),
    queryFn: ({ pageParam }) => getWithdrawals(status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useWithdrawals = (status?: number) => useInfiniteQuery(withdrawalsQuery(status));
