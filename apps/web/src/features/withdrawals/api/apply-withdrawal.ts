import type { WithdrawApplyRequest, Withdrawal } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { moneyMoved } from '@/lib/money-moved';

export async function applyWithdrawal(body: WithdrawApplyRequest): Promise<Withdrawal | undefined> {
  const res = await request<Withdrawal>({
    url: '/api/ag/agent/withdraw/apply',
    method: 'POST',
    data: body,
    loading: true,
  });
  return res.data;
}
export function useApplyWithdrawal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: applyWithdrawal,
    onSuccess: () => moneyMoved(qc),
  });
}
