import type { CapitalTransferResult, ToCapitalPoolRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { moneyMoved } from '@/lib/money-moved';

export async function toCapitalPool(
  body: ToCapitalPoolRequest,
): Promise<CapitalTransferResult | undefined> {
  const res = await request<CapitalTransferResult>({
    url: '/api/ag/agent/wallet/toCapitalPool',
    method: 'POST',
    data: body,
    loading: true,
  });
  return res.data;
}
export function useToCapitalPool() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: toCapitalPool,
    onSuccess: () => moneyMoved(qc),
  });
}
