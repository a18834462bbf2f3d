import type { TerminalPage } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

export interface TerminalFilters {
  bindStatus?: number;
  brandId?: number;
  holderAgentId?: number;
  sn?: string;
  merchantId?: number;
  operable?: boolean;
  pageSize?: number;
}

/** One keyset page of my subtree's terminals (GET /api/term-info/list). */
export async function getTerminalList(
  filters: TerminalFilters,
  cursor: string | null,
): Promise<TerminalPage> {
  const res = await request<TerminalPage>({
    url: '/api/term-info/list',
    params: {
      bindStatus: filters.bindStatus,
      brandId: filters.brandId,
      holderAgentId: filters.holderAgentId,
      sn: filters.sn?.trim() || undefined,
      merchantId: filters.merchantId,
      operable: filters.operable === undefined ? undefined : String(filters.operable),
      pageSize: filters.pageSize ?? 20,
      cursor,
    },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const terminalListQuery = (filters: TerminalFilters) =>
  infiniteQueryOptions({
    queryKey: terminalKeys.list(filters),
    queryFn: ({ pageParam }) => getTerminalList(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useTerminalList = (filters: TerminalFilters, enabled = true) =>
  useInfiniteQuery({ ...terminalListQuery(filters), enabled });
