import type { MerchantLicenceRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { merchantKeys } from './merchant-keys';

/** Submits or changes the business licence; it goes under review (POST /api/merchant/licence). */
export async function submitLicence(input: MerchantLicenceRequest) {
  const res = await request<{ status: number }>({
    url: '/api/merchant/licence',
    method: 'POST',
    data: input,
    loading: true,
  });
  return { status: res.data?.status ?? 1, msg: res.msg };
}

export function useSubmitLicence() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: submitLicence,
    onSuccess: () => qc.invalidateQueries({ queryKey: merchantKeys.all }),
  });
}
