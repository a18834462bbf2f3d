import type { MerchantDetail } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { merchantKeys } from './merchant-keys';

/** A merchant with terminals, rates, volume, licence and identification (GET /api/merchant/info). */
export async function getMerchant(id: number): Promise<MerchantDetail> {
  const res = await request<MerchantDetail>({
    url: '/api/merchant/info',
    quietMissing: true,
    params: { id },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const merchantQuery = (id: number) =>
  queryOptions({ queryKey: merchantKeys.detail(id), queryFn: () => getMerchant(id) });

export const useMerchant = (id: number | undefined) =>
  useQuery({ ...merchantQuery(id ?? 0), enabled: id !== undefined });
