import type { SettleAccountList } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

export async function getSettleAccounts(): Promise<SettleAccountList> {
  const res = await request<SettleAccountList>({ url: '/api/ag/my/center/settlement/list' });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const settleAccountsQuery = () =>
  queryOptions({ queryKey: withdrawalKeys.settleAccounts(), queryFn: getSettleAccounts });
export const useSettleAccounts = () => useQuery(settleAccountsQuery());
