import type { ChangeMerchantRateRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** Sends a merchant's new rates to the acquirer (POST /api/ag/rate/change/apply). */
export async function changeMerchantRate(
  input: ChangeMerchantRateRequest,
): Promise<{ ids: number[] }> {
  return dataOf(
    await request<{ ids: number[] }>({
      url: '/api/ag/rate/change/apply',
      method: 'POST',
      data: input,
      loading: true,
      noShowMsg: true,
    }),
  );
}

export function useChangeMerchantRate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeMerchantRate,
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
}
