import type { AgentWallet } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { walletKeys } from './wallet-keys';

/** My wallet: balances by wallet type and today's / this month's earnings. */
export async function getAgentWallet(): Promise<AgentWallet> {
  const res = await request<AgentWallet>({ url: '/api/ag/agent/wallet/showAgentWallet' });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

// Earnings arrive while the agent looks (settlement runs every few seconds): the balances refresh
// every 30 s while the page is open and when the app comes back to the foreground.
export const agentWalletQuery = () =>
  queryOptions({
    queryKey: walletKeys.wallet(),
    queryFn: getAgentWallet,
    refetchInterval: 30_000,
    refetchOnWindowFocus: true,
  });

export const useAgentWallet = () => useQuery(agentWalletQuery());
