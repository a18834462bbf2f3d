import type { TerminalPage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { merchantKeys } from './merchant-keys';

/** Bound (1) or activated (3) terminals of my subtree, with their merchants (GET /api/term-info/list). */
export async function getBoundTerminals(
  bindStatus: 1 | 3,
  sn: string,
  cursor: string | null,
): Promise<TerminalPage> {
  const res = await request<TerminalPage>({
    url: '/api/term-info/list',
    params: { bindStatus, sn: sn || undefined, cursor, pageSize: 20 },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const boundTerminalsQuery = (bindStatus: 1 | 3, sn: string) =>
  infiniteQueryOptions({
    queryKey: merchantKeys.terminals({ bindStatus, sn }),
    queryFn: ({ pageParam }) => getBoundTerminals(bindStatus, sn, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useBoundTerminals = (bindStatus: 1 | 3, sn: string) =>
  useInfiniteQuery(boundTerminalsQuery(bindStatus, sn));
