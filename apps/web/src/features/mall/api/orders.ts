import type {
  CreateMallOrderRequest,
  MallOrder,
  MallPrepay,
  MallQuote,
  MallQuoteRequest,
  PayMallOrderRequest,
} from '@pos/core';
import {
  infiniteQueryOptions,
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { moneyMoved } from '@/lib/money-moved';
import { mallKeys } from './keys';

/** The server's price of an order as it stands (nothing is reserved). */
export const useQuote = (body: MallQuoteRequest | null) =>
  useQuery({
    queryKey: mallKeys.quote(body),
    enabled: body !== null && body.items.length > 0,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      const res = await request<MallQuote>({
        url: '/api/mall/order/quote',
        method: 'POST',
        data: body,
        noShowMsg: true,
      });
      if (!res.data) throw new Error('empty response');
      return res.data;
    },
  });

export const mallOrdersQuery = (status?: number) =>
  infiniteQueryOptions({
    queryKey: mallKeys.orders(status),
    queryFn: async ({ pageParam }) => {
      const res = await request<{ rows: MallOrder[]; nextCursor: string | null }>({
        url: '/api/mall/orders',
        params: { status, cursor: pageParam, pageSize: 10 },
      });
      if (!res.data) throw new Error('empty response');
      return res.data;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
export const useMallOrders = (status?: number) => useInfiniteQuery(mallOrdersQuery(status));

export const useMallOrder = (id: number) =>
  useQuery({
    queryKey: mallKeys.order(id),
    enabled: id > 0,
    queryFn: async () => {
      const res = await request<MallOrder>({
        url: '/api/mall/order',
        params: { id },
        quietMissing: true,
      });
      if (!res.data) throw new Error('empty response');
      return res.data;
    },
  });

/** After anything that changes an order: its lists, the wallet figures, the stock shown. */
const orderChanged = (qc: QueryClient) => moneyMoved(qc);

function useOrderMutation<T>(url: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (body: T) =>
      (await request<MallOrder>({ url, method: 'POST', data: body, loading: true })).data!,
    onSuccess: () => orderChanged(qc),
  });
}

export const useCreateOrder = () =>
  useOrderMutation<CreateMallOrderRequest>('/api/mall/order/create');
export const usePayOrder = () => useOrderMutation<PayMallOrderRequest>('/api/mall/order/pay');
export const useCancelOrder = () => useOrderMutation<{ id: number }>('/api/mall/order/cancel');
export const useReceiveOrder = () => useOrderMutation<{ id: number }>('/api/mall/order/receive');

/** Opens a WeChat/Alipay payment at the gateway. */
export async function prepayOrder(id: number, payType: number): Promise<MallPrepay> {
  const res = await request<MallPrepay>({
    url: '/api/mall/order/prepay',
    method: 'POST',
    data: { id, payType },
    loading: true,
  });
  return res.data!;
}

/** The simulated gateway's cashier: the payer confirms and the gateway sends its callback. */
export function useSimulatedPay() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (paymentNo: string) => {
      await request({
        url: '/api/mall/sim-gateway/pay',
        method: 'POST',
        data: { paymentNo },
        loading: true,
      });
    },
    onSuccess: () => orderChanged(qc),
  });
}
