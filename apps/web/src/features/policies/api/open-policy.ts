import type { OpenPolicyRequest, OpenPolicyResponse } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { dataOf, policyKeys } from './policy-keys';

/** Opens a policy for a direct sub-agent or edits its terms (POST /api/ag/agent/open/policy/open). */
export async function openPolicy(input: OpenPolicyRequest): Promise<OpenPolicyResponse> {
  return dataOf(
    await request<OpenPolicyResponse>({
      url: '/api/ag/agent/open/policy/open',
      method: 'POST',
      data: input,
      loading: true,
      // The form shows the server's message under the field it names.
      noShowMsg: true,
    }),
  );
}

export function useOpenPolicy() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: openPolicy,
    onSuccess: () => qc.invalidateQueries({ queryKey: policyKeys.all }),
  });
}
