import type { ChangeFeeRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** Changes the service or communication fee of a batch of terminals (POST /api/ag/fee/change/apply). */
export async function changeFee(input: ChangeFeeRequest): Promise<{ id: number; count: number }> {
  return dataOf(
    await request<{ id: number; count: number }>({
      url: '/api/ag/fee/change/apply',
      method: 'POST',
      data: input,
      loading: true,
      noShowMsg: true,
    }),
  );
}

export function useChangeFee() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changeFee,
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
}
