import type { SendSmsResponse, SetPayPasswordRequest } from '@pos/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { withdrawalKeys } from './keys';

/** Sends a payPwd code to the signed-in agent's own mobile. */
export async function sendPayPasswordCode(): Promise<SendSmsResponse | undefined> {
  const res = await request<SendSmsResponse>({
    url: '/api/ag/my/center/sendSMS',
    params: { scene: 'payPwd' },
  });
  return res.data;
}

export async function setPayPassword(body: SetPayPasswordRequest): Promise<void> {
  await request({ url: '/api/ag/my/center/payPwd/set', method: 'POST', data: body, loading: true });
}

export function useSetPayPassword() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: setPayPassword,
    onSuccess: () => qc.invalidateQueries({ queryKey: withdrawalKeys.payPassword() }),
  });
}
