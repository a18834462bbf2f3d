import type { PayPasswordStatus } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export async function getPayPasswordStatus(): Promise<PayPasswordStatus> {
  const res = await request<PayPasswordStatus>({ url: '/api/ag/my/center/payPwd/status' });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const payPasswordStatusQuery = () =>
  queryOptions({ queryKey: withdrawalKeys.payPassword(), queryFn: getPayPasswordStatus });
export const usePayPasswordStatus = () => useQuery(payPasswordStatusQuery());
