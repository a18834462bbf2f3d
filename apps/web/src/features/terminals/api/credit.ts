import type {
  CreditControlRequest,
  CreditDecisionRequest,
  CreditSaleInfo,
  CreditSalePage,
  CreditSalePreview,
  CreditSaleRequest,
  CreditSaleResult,
  CreditStatus,
} from '@pos/core';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { terminalKeys } from './terminal-keys';

/** Query keys of terminals on credit, under the feature's own so a stock move refreshes them. */
export const creditKeys = {
  all: [...terminalKeys.all, 'credit'] as const,
  list: (role: 'buyer' | 'seller', status?: CreditStatus) =>
    [...terminalKeys.all, 'credit', 'list', role, status ?? 'all'] as const,
  info: (id: number) => [...terminalKeys.all, 'credit', 'info', id] as const,
};

/** What a sale on credit would do: count, price, schedule, the chain (POST .../credit/preview). */
export async function previewCredit(input: CreditSaleRequest): Promise<CreditSalePreview> {
  const res = await request<CreditSalePreview>({
    url: '/api/term-info/credit/preview',
    method: 'POST',
    data: input,
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const usePreviewCredit = () => useMutation({ mutationFn: previewCredit });

/** Offers the terminals on credit; they wait for the receiver's answer (POST .../credit/sell). */
export async function sellOnCredit(input: CreditSaleRequest) {
  const res = await request<CreditSaleResult>({
    url: '/api/term-info/credit/sell',
    method: 'POST',
    data: input,
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return { ...res.data, msg: res.msg };
}
export function useSellOnCredit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: sellOnCredit,
    onSuccess: () => qc.invalidateQueries({ queryKey: terminalKeys.all }),
  });
}

/** My credit purchases (buyer) or sales (seller), newest first (GET .../credit/list). */
export async function getCreditSales(
  role: 'buyer' | 'seller',
  status: CreditStatus | undefined,
  cursor: string | null,
) {
  const res = await request<CreditSalePage>({
    url: '/api/term-info/credit/list',
    params: { role, status, cursor, pageSize: 20 },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const creditSalesQuery = (role: 'buyer' | 'seller', status?: CreditStatus) =>
  infiniteQueryOptions({
    queryKey: creditKeys.list(role, status),
    queryFn: ({ pageParam }) => getCreditSales(role, status, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useCreditSales = (role: 'buyer' | 'seller', status?: CreditStatus) =>
  useInfiniteQuery(creditSalesQuery(role, status));

/** One sale with its schedule and every day's deduction (GET .../credit/info). */
export async function getCreditSale(id: number) {
  const res = await request<CreditSaleInfo>({
    url: '/api/term-info/credit/info',
    params: { id },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const useCreditSale = (id: number | undefined) =>
  useQuery({
    queryKey: creditKeys.info(id ?? 0),
    queryFn: () => getCreditSale(id!),
    enabled: id !== undefined,
  });

async function post(url: string, data: object) {
  const res = await request<{ status: CreditStatus }>({ url, method: 'POST', data, loading: true });
  return { status: res.data?.status, msg: res.msg };
}

/** The receiver accepts (the terminals move in) or refuses (POST .../credit/decide). */
export function useDecideCredit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditDecisionRequest) => post('/api/term-info/credit/decide', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: terminalKeys.all }),
  });
}

/** The seller pauses, resumes, cancels or withdraws (POST .../credit/control). */
export function useControlCredit() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreditControlRequest) => post('/api/term-info/credit/control', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: terminalKeys.all }),
  });
}
