import type { AgentPolicyDetail } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** One opened policy in full: own or of the subtree (GET /api/agent-rate/info/{id}). */
export async function getAgentPolicy(id: number): Promise<AgentPolicyDetail> {
  return dataOf(
    await request<AgentPolicyDetail>({ url: `/api/agent-rate/info/${id}`, quietMissing: true }),
  );
}

export const agentPolicyQuery = (id: number) =>
  queryOptions({ queryKey: policyKeys.agentPolicy(id), queryFn: () => getAgentPolicy(id) });

export const useAgentPolicy = (id: number | undefined) =>
  useQuery({ ...agentPolicyQuery(id ?? 0), enabled: Boolean(id) });
