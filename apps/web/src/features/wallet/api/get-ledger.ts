import type { LedgerPage, WalletType } from '@pos/core';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

export interface LedgerFilters {
  walletType?: WalletType;
  /** Info type codes, comma separated. */
  infoType?: string;
  earningsOnly?: boolean;
  month?: string;
  pageSize?: number;
}

/** One keyset page of my ledger (GET /api/ag/agent/wallet/ledger). */
export async function getLedger(
  filters: LedgerFilters,
  cursor: string | null,
): Promise<LedgerPage> {
  const res = await request<LedgerPage>({
    url: '/api/ag/agent/wallet/ledger',
    params: {
      walletType: filters.walletType,
      infoType: filters.infoType,
      earningsOnly: filters.earningsOnly ? 'true' : undefined,
      month: filters.month,
      pageSize: filters.pageSize ?? 20,
      cursor,
    },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const ledgerQuery = (filters: LedgerFilters) =>
  infiniteQueryOptions({
    queryKey: walletKeys.ledger(filters),
    queryFn: ({ pageParam }) => getLedger(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useLedger = (filters: LedgerFilters) => useInfiniteQuery(ledgerQuery(filters));
