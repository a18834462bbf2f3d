import type { AgentWallet } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

/** The wallet balances (the same call as the wallet page; kept here so features stay apart). */
export async function getBalances(): Promise<AgentWallet> {
  const res = await request<AgentWallet>({ url: '/api/ag/agent/wallet/showAgentWallet' });
  if (!res.data) throw new Error('empty response');
  return res.data;
}
export const balancesQuery = () =>
  queryOptions({ queryKey: withdrawalKeys.balances(), queryFn: getBalances });
export const useBalances = () => useQuery(balancesQuery());
