import type { TeamAgentDetail } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** An agent of my subtree (GET /api/ag/myAgent/detail). */
export async function getAgentDetail(id: number): Promise<TeamAgentDetail> {
  const res = await request<TeamAgentDetail>({
    url: '/api/ag/myAgent/detail',
    quietMissing: true,
    params: { id },
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export const agentDetailQuery = (id: number) =>
  queryOptions({ queryKey: teamKeys.detail(id), queryFn: () => getAgentDetail(id) });

export const useAgentDetail = (id: number, enabled = true) =>
  useQuery({ ...agentDetailQuery(id), enabled });
