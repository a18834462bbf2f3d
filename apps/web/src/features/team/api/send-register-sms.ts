import type { SendSmsResponse } from '@pos/core';
import { request } from '@/lib/api-client';

/** Sends a registration code (GET /api/ag/my/center/sendSMS2; no token); resolves with the resend wait. */
export async function sendRegisterSms(mobile: string): Promise<number> {
  const res = await request<SendSmsResponse>({
    url: '/api/ag/my/center/sendSMS2',
    params: { mobile, scene: 'register' },
    noToken: true,
  });
  return res.data?.resendAfterSeconds ?? 60;
}
