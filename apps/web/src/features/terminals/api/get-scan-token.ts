import { STORAGE_KEYS, type ScanTokenResponse } from '@pos/core';
import { request } from '@/lib/api-client';
import { storage } from '@/lib/storage';

/**
 * The merchant token of the scan calls (POST /app/api/scan/token), kept on the device as
 * tokenMerch; the request client sends it in the `token` header of /app/api/scan calls.
 */
export async function refreshScanToken(): Promise<string> {
  const res = await request<ScanTokenResponse>({
    url: '/app/api/scan/token',
    method: 'POST',
    data: {},
  });
  if (!res.data) throw new Error('empty response');
  storage.set(STORAGE_KEYS.tokenMerch, res.data.token);
  return res.data.token;
}

export const hasScanToken = () => Boolean(storage.get<string>(STORAGE_KEYS.tokenMerch));
