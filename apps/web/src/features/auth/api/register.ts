import type { RegisterRequest, RegisterResponse } from '@pos/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** Registers an agent under an inviter (POST /api/ag/agent/info/apiAdd). */
export async function registerAgent(input: RegisterRequest): Promise<RegisterResponse | undefined> {
  const res = await request<RegisterResponse>({
    url: '/api/ag/agent/info/apiAdd',
    method: 'POST',
    data: input,
    noToken: true,
  });
  return res.data;
}

export const useRegister = () => useMutation({ mutationFn: registerAgent });
