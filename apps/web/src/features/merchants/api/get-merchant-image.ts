import { API_BASE_PATH } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { API_ORIGIN } from '@/lib/api-client';
import { getToken } from '@/lib/storage';
import { merchantKeys } from './merchant-keys';

/**
 * A merchant image as an object URL (GET /api/merchant/file). Images need the bearer token, so
 * they are fetched rather than linked; the bytes, not the envelope, come back.
 */
export async function getMerchantImage(id: number): Promise<string> {
  const token = getToken();
  const res = await fetch(`${API_ORIGIN}${API_BASE_PATH}/api/merchant/file?id=${id}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    credentials: 'include',
  });
  if (!res.ok) throw new Error(String(res.status));
  return URL.createObjectURL(await res.blob());
}

export const merchantImageQuery = (id: number) =>
  queryOptions({
    queryKey: merchantKeys.image(id),
    queryFn: () => getMerchantImage(id),
    staleTime: Infinity,
    gcTime: 10 * 60_000,
  });

export const useMerchantImage = (id: number | null) =>
  useQuery({ ...merchantImageQuery(id ?? 0), enabled: id !== null });
