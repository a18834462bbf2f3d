import { SMS_CODE_LENGTH, type SendSmsResponse, type SmsScene } from '@pos/core';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { agents, smsCodes } from '../../db/schema';
import { badRequest, conflict } from '../../lib/app-error';
import { randomDigits } from '../../lib/crypto';
import { hitLimits } from '../../lib/rate-limit';
import { hashSmsCode, SMS_CODE_TTL_MS } from './sms-codes';
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

export interface SendSmsCodeInput {
  mobile: string;
  scene: SmsScene;
  /** The caller's address, limited separately from the mobile. */
  ip: string;
}

/**
 * Sends a fresh 6-digit code for (mobile, scene). The address limit is taken first, before the
 * registration checks, so this call cannot test which mobiles are registered any faster than an
 * address may ask for codes. The mobile's own limits count only codes actually sent, so someone
 * told "already registered" can ask for a reset code at once.
 */
export async function sendSmsCode(
  deps: { db: Db; sender: SmsSender },
  input: SendSmsCodeInput,
  now = new Date(),
): Promise<SendSmsResponse> {
  const { db, sender } = deps;
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

  if (input.scene === 'register' || input.scene === 'resetPwd' || input.scene === 'login') {
    const [agent] = await db
      .select({ id: agents.id })
      .from(agents)
      .where(eq(agents.mobile, input.mobile))
      .limit(1);
    if (input.scene === 'register' && agent) throw conflict('该手机号已注册', 'mobile');
    if (input.scene !== 'register' && !agent) throw badRequest('该手机号未注册', 'mobile');
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

  const code = randomDigits(SMS_CODE_LENGTH);
  await db.insert(smsCodes).values({
    mobile: input.mobile,
    scene: input.scene,
    codeHash: hashSmsCode(input.mobile, input.scene, code),
    createdAt: now,
    expiresAt: new Date(now.getTime() + SMS_CODE_TTL_MS),
  });
  await sender.send(input.mobile, input.scene, code, smsContent(input.scene, code));
  return { expiresInSeconds: SMS_CODE_TTL_MS / 1000, resendAfterSeconds: SMS_RESEND_MS / 1000 };
}
