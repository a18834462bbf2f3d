import type { WithdrawPreview } from '@pos/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export async function getWithdrawPreview(
  walletType: string,
  amountFen: number,
): Promise<WithdrawPreview> {
  const res = await request<WithdrawPreview>({
    url: '/api/ag/agent/withdraw/preview',
    params: { walletType, amountFen },
    noShowMsg: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const useWithdrawPreview = (walletType: string, amountFen: number | null) =>
  useQuery({
    queryKey: withdrawalKeys.preview(walletType, amountFen ?? 0),
    queryFn: () => getWithdrawPreview(walletType, amountFen ?? 0),
    enabled: amountFen !== null && amountFen > 0,
    placeholderData: keepPreviousData,
  });
