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

export const agentWalletQuery = () =>
  queryOptions({ queryKey: walletKeys.wallet(), queryFn: getAgentWallet });

export const useAgentWallet = () => useQuery(agentWalletQuery());
