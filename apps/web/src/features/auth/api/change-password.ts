import type { ChangePasswordRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { agentInfoKey } from '@/lib/session';

/** Changes the signed-in agent's password (POST /api/ag/my/center/changePwd). */
export async function changePassword(input: ChangePasswordRequest): Promise<string> {
  const res = await request<null>({
    url: '/api/ag/my/center/changePwd',
    method: 'POST',
    data: input,
  });
  return res.msg;
}

export function useChangePassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    // mustChangePassword in the agent info turns false.
    onSuccess: () => qc.invalidateQueries({ queryKey: agentInfoKey }),
  });
}
