import type { MerchantSummary } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { merchantKeys } from './merchant-keys';

/** Merchant figures of my subtree (GET /api/merchant/summary). */
export async function getMerchantSummary(): Promise<MerchantSummary> {
  const res = await request<MerchantSummary>({ url: '/api/merchant/summary' });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const merchantSummaryQuery = () =>
  queryOptions({ queryKey: merchantKeys.summary(), queryFn: getMerchantSummary });

export const useMerchantSummary = () => useQuery(merchantSummaryQuery());
