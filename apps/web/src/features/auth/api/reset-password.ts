import type { ResetPasswordRequest } from '@pos/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Sets a new password with a resetPwd SMS code (POST /api/ag/my/center/resetPwd); no token. */
export async function resetPassword(input: ResetPasswordRequest): Promise<string> {
  const res = await request<null>({
    url: '/api/ag/my/center/resetPwd',
    method: 'POST',
    data: input,
    noToken: true,
  });
  return res.msg;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
