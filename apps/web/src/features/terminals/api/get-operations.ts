import type { TerminalOperationPage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

export interface OperationFilters {
  type?: number;
  status?: number;
  role?: 'all' | 'mine' | 'incoming';
}

/** My operation records, newest first (GET /api/term-info/operations). */
export async function getOperations(filters: OperationFilters, cursor: string | null) {
  const res = await request<TerminalOperationPage>({
    url: '/api/term-info/operations',
    params: {
      type: filters.type,
      status: filters.status,
      role: filters.role ?? 'all',
      cursor,
      pageSize: 20,
    },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const operationsQuery = (filters: OperationFilters) =>
  infiniteQueryOptions({
    queryKey: terminalKeys.operations(filters),
    queryFn: ({ pageParam }) => getOperations(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useOperations = (filters: OperationFilters) =>
  useInfiniteQuery(operationsQuery(filters));
