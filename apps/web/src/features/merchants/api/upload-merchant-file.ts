import type { MerchantFileKind, MerchantUploadResult } from '@pos/core';
import { request } from '@/lib/api-client';

/** Uploads a licence or ID card image of a merchant (POST /api/merchant/upload, multipart). */
export async function uploadMerchantFile(
  merchantId: number,
  kind: MerchantFileKind,
  file: File,
): Promise<MerchantUploadResult> {
  const form = new FormData();
  form.append('file', file, file.name);
  const res = await request<MerchantUploadResult>({
    url: '/api/merchant/upload',
    method: 'POST',
    params: { merchantId, kind },
    data: form,
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
