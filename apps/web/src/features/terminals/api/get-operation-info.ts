import type { TerminalOperationInfo } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** One record with its SNs, 100 at a time (GET /api/term-info/operation). */
export async function getOperationInfo(id: number, cursor: string | null) {
  const res = await request<TerminalOperationInfo>({
    url: '/api/term-info/operation',
    params: { id, cursor, pageSize: 100 },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const operationInfoQuery = (id: number) =>
  infiniteQueryOptions({
    queryKey: terminalKeys.operation(id),
    queryFn: ({ pageParam }) => getOperationInfo(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useOperationInfo = (id: number | null) =>
  useInfiniteQuery({ ...operationInfoQuery(id ?? 0), enabled: id !== null });
