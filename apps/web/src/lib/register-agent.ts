import type { RegisterRequest, RegisterResponse } from '@pos/core';
import { useMutation } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** What a registration form holds besides the inviter's code: the proven mobile, the password, a name if given. */
export interface NewAgentValues {
  mobile: string;
  smsCode: string;
  password: string;
  name?: string;
}

/** The registration as the server takes it: the name only when one was typed. */
export function registrationRequest(values: NewAgentValues, inviteCode: string): RegisterRequest {
  const name = values.name?.trim();
  return {
    mobile: values.mobile,
    smsCode: values.smsCode,
    password: values.password,
    inviteCode,
    ...(name ? { name } : {}),
  };
}

/**
 * Registers an agent under an inviter (POST /api/ag/agent/info/apiAdd; no token): the register
 * page and an invitation's page. `loading` shows the request client's loading view meanwhile.
 */
export async function registerAgent(
  input: RegisterRequest,
  loading = false,
): Promise<RegisterResponse | undefined> {
  const res = await request<RegisterResponse>({
    url: '/api/ag/agent/info/apiAdd',
    method: 'POST',
    data: input,
    noToken: true,
    loading,
  });
  return res.data;
}

export const useRegisterAgent = (loading = false) =>
  useMutation({ mutationFn: (input: RegisterRequest) => registerAgent(input, loading) });
