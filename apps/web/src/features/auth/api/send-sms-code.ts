import type { SendSmsResponse } from '@pos/core';
import { request } from '@/lib/api-client';

export type PublicSmsScene = 'register' | 'resetPwd' | 'login';

/** Sends a code to a mobile without a token (GET /api/ag/my/center/sendSMS2); resolves with the resend wait. */
export async function sendSmsCode(mobile: string, scene: PublicSmsScene): Promise<number> {
  const res = await request<SendSmsResponse>({
    url: '/api/ag/my/center/sendSMS2',
    params: { mobile, scene },
    noToken: true,
  });
  return res.data?.resendAfterSeconds ?? 60;
}
