import type { ScanTerminal } from '@pos/core';
import { ApiError, request } from '@/lib/api-client';
import { refreshScanToken } from './get-scan-token';

const TOKEN_INVALID = 'MERCHANT_TOKEN_INVALID';

/**
 * What a scanned code names (GET /app/api/scan/terminal with the merchant token). A missing or
 * expired merchant token is fetched again once, silently.
 */
export async function scanTerminal(code: string): Promise<ScanTerminal> {
  const call = (noShowMsg: boolean) =>
    request<ScanTerminal>({
      url: '/app/api/scan/terminal',
      params: { sn: code },
      noShowMsg,
      loading: true,
    });
  let res;
  try {
    res = await call(true);
  } catch (err) {
    if (!(err instanceof ApiError) || err.err !== TOKEN_INVALID) throw err;
    await refreshScanToken();
    res = await call(true);
  }
  if (!res.data) throw new Error('empty response');
  return res.data;
}
