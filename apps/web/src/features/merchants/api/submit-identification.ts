import type { MerchantIdentifyRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { merchantKeys } from './merchant-keys';

/** Identifies the merchant's legal person (POST /api/merchant/identify). */
export async function submitIdentification(input: MerchantIdentifyRequest) {
  const res = await request<{ status: number; reason: string | null }>({
    url: '/api/merchant/identify',
    method: 'POST',
    data: input,
    loading: true,
  });
  return { status: res.data?.status ?? 0, reason: res.data?.reason ?? null, msg: res.msg };
}

export function useSubmitIdentification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitIdentification,
    onSuccess: () => qc.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
