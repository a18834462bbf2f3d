import type { RegisterRequest, RegisterResponse } from '@pos/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Registers under the inviter (POST /api/ag/agent/info/apiAdd; no token). */
export async function registerInvited(
  input: RegisterRequest,
): Promise<RegisterResponse | undefined> {
  const res = await request<RegisterResponse>({
    url: '/api/ag/agent/info/apiAdd',
    method: 'POST',
    data: input,
    noToken: true,
    loading: true,
  });
  return res.data;
}

export const useRegisterInvited = () => useMutation({ mutationFn: registerInvited });
