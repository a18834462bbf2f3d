import type { AddAgentRequest, AddAgentResponse } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { teamKeys } from './team-keys';

/** Creates a direct sub-agent; the answer holds its initial password (POST /api/ag/myAgent/add). */
export async function addAgent(input: AddAgentRequest): Promise<AddAgentResponse> {
  const res = await request<AddAgentResponse>({
    url: '/api/ag/myAgent/add',
    method: 'POST',
    data: input,
    loading: true,
  });
  if (!res.data) throw new Error('empty response');
  return res.data;
}

export function useAddAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: addAgent,
    onSuccess: () => qc.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
