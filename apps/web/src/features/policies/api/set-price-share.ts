import type { SetPriceShareRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** Sets the part passed to a direct child (POST /api/ag/price-share/set). */
export async function setPriceShare(input: SetPriceShareRequest): Promise<{ passPpm: number }> {
  return dataOf(
    await request<{ passPpm: number }>({
      url: '/api/ag/price-share/set',
      method: 'POST',
      data: input,
      loading: true,
      noShowMsg: true,
    }),
  );
}

export function useSetPriceShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPriceShare,
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
}
