import { SMS_CODE_LENGTH, type SendSmsResponse, type SmsScene } from '@pos/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, smsCodes } from '../../db/schema';
import { randomDigits } from '../../lib/crypto';
import { badRequest } from '../../lib/app-error';
import { hitLimits } from '../../lib/rate-limit';
import { hashSmsCode, SMS_CODE_TTL_MS } from '../../db/sms-codes';
import type { SmsSender } from './sms-sender';

export const SMS_RESEND_MS = 60 * 1000;
export const SMS_PER_MOBILE_PER_DAY = 10;
export const SMS_PER_ADDRESS_PER_HOUR = 20;

const PURPOSE: Record<SmsScene, string> = {
  register: '注册账号',
  resetPwd: '找回密码',
  login: '登录',
  payPwd: '设置支付密码',
  settle: '修改结算账户',
};

export const smsContent = (scene: SmsScene, code: string) =>
  `【拓客宝】您的验证码为${code}，用于${PURPOSE[scene]}，5分钟内有效。如非本人操作，请忽略本短信。`;

/**
 * What the phone gets instead of a code when the request does not fit its account: a registered
 * mobile asked to register, or a mobile without an account asked to sign in or reset. Only the
 * phone's owner learns it; the caller is answered as for a code.
 */
export const SMS_NOTICE = {
  registered:
    '【拓客宝】该手机号已注册拓客宝账号，可直接登录；如忘记密码，请在登录页使用"忘记密码"。如非本人操作，请忽略本短信。',
  unregistered:
    '【拓客宝】该手机号尚未注册拓客宝账号，如需注册请向您的上级代理索取邀请码。如非本人操作，请忽略本短信。',
} as const;

export interface SendSmsCodeInput {
  mobile: string;
  scene: SmsScene;
  /** The caller's address, limited separately from the mobile. */
  ip: string;
}

/**
 * Sends a fresh 6-digit code for (mobile, scene). Whether the mobile is registered shows nowhere
 * in the answer: where the scene does not fit the account (register for a registered mobile,
 * sign-in or reset for an unknown one) the phone gets a notice saying so instead of a code, and
 * the caller the same answer as for a code. Every message counts against the mobile's limits, so
 * notices cannot be used to flood a phone either.
 */
export async function sendSmsCode(
  deps: { db: Db; sender: SmsSender },
  input: SendSmsCodeInput,
  now = new Date(),
): Promise<SendSmsResponse> {
  const { db, sender } = deps;
  if (sender.available === false) {
    throw badRequest('短信服务暂未开通，请联系平台客服', 'mobile', 'SMS_UNAVAILABLE');
  }
  await hitLimits(
    db,
    [
      {
        key: `sms:ip:${input.ip}`,
        max: SMS_PER_ADDRESS_PER_HOUR,
        windowMs: 3600 * 1000,
        msg: '获取验证码过于频繁，请稍后再试',
      },
    ],
    now,
  );

  let notice: string | null = null;
  if (input.scene === 'register' || input.scene === 'resetPwd' || input.scene === 'login') {
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.mobile, input.mobile))
      .limit(1);
    if (input.scene === 'register' && agent) notice = SMS_NOTICE.registered;
    if (input.scene !== 'register' && !agent) notice = SMS_NOTICE.unregistered;
  }

  await hitLimits(
    db,
    [
      {
        key: `sms:mobile:${input.mobile}`,
        max: 1,
        windowMs: SMS_RESEND_MS,
        msg: '发送过于频繁，请60秒后再试',
      },
      {
        key: `sms:mobile-day:${input.mobile}`,
        max: SMS_PER_MOBILE_PER_DAY,
        windowMs: 24 * 3600 * 1000,
        msg: '该手机号今日获取验证码次数已达上限，请明天再试',
      },
    ],
    now,
  );

  const answer = {
    expiresInSeconds: SMS_CODE_TTL_MS / 1000,
    resendAfterSeconds: SMS_RESEND_MS / 1000,
  };
  if (notice) {
    await sender.send(input.mobile, input.scene, '', notice);
    return answer;
  }
  const code = randomDigits(SMS_CODE_LENGTH);
  const [row] = await db
    .insert(smsCodes)
    .values({
      mobile: input.mobile,
      scene: input.scene,
      codeHash: hashSmsCode(input.mobile, input.scene, code),
      createdAt: now,
      expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
    })
    .returning({ id: smsCodes.id });
  try {
    await sender.send(input.mobile, input.scene, code, smsContent(input.scene, code));
  } catch (error) {
    // A code that never reached the phone must not replace the one that did (only the latest
    // code counts). The send still counts against the limits.
    await db.delete(smsCodes).where(eq(smsCodes.id, row!.id));
    throw error;
  }
  return answer;
}
