import type { SmsScene } from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ProviderSettings } from '../../provider-settings';
import { SMS_NOTICE } from './send-sms-code';

/** How a provider's refusal reads to the person asking for a code. */
export type SmsRefusal = 'frequent' | 'daily' | 'mobile' | 'blocked' | 'service';

const REFUSALS: Record<SmsRefusal, { msg: string; reason: string }> = {
  frequent: { msg: '发送过于频繁，请稍后再试', reason: 'SMS_PROVIDER_FREQUENT' },
  daily: {
    msg: '该手机号今日获取验证码次数已达上限，请明天再试',
    reason: 'SMS_PROVIDER_DAILY_LIMIT',
  },
  mobile: { msg: '手机号格式错误', reason: 'SMS_PROVIDER_MOBILE' },
  blocked: { msg: '该手机号暂时无法接收短信，请联系平台客服', reason: 'SMS_PROVIDER_BLOCKED' },
  service: { msg: '短信发送失败，请稍后再试或联系平台客服', reason: 'SMS_PROVIDER_FAILED' },
};

/** What one text asks the provider for: an approved template and its parameter. */
export interface TemplatedText {
  template: string;
  /** The code for a code template; none for a notice. */
  code: string | null;
  kind: SmsScene | 'noticeRegistered' | 'noticeUnregistered';
}

/**
 * The template for what the use case wants sent: the scene's code template, or for a notice (no
 * code) the notice's template; null when that notice has no template (it is then not sent, and
 * the caller's answer is the same, so nobody learns whether the mobile is registered).
 */
export function templatedText(
  sms: ProviderSettings['sms'],
  scene: SmsScene,
  code: string,
  content: string,
): TemplatedText | null {
  if (code) return { template: sms.templates[scene], code, kind: scene };
  if (content === SMS_NOTICE.registered) {
    const template = sms.noticeTemplates.registered;
    return template ? { template, code: null, kind: 'noticeRegistered' } : null;
  }
  if (content === SMS_NOTICE.unregistered) {
    const template = sms.noticeTemplates.unregistered;
    return template ? { template, code: null, kind: 'noticeUnregistered' } : null;
  }
  return null;
}

/** A mobile as it may appear in the log: 138****0000. */
export const maskMobile = (mobile: string) => mobile.replace(/^(\d{3})\d{4}(\d{4})$/, '$1****$2');

/**
 * The error the app caller sees for a provider's refusal. What the provider said is logged
 * (the code digits never are); a refusal the person cannot act on is logged as an error, for the
 * operators: balance, templates, sign name, credentials, the provider's own faults.
 */
export function smsRefused(
  log: FastifyBaseLogger,
  refusal: SmsRefusal,
  detail: { provider: string; mobile: string; scene: string; code: string; message: string },
) {
  const entry = { sms: { ...detail, mobile: maskMobile(detail.mobile) } };
  if (refusal === 'service') log.error(entry, 'the SMS provider refused a text');
  else log.warn(entry, 'the SMS provider refused a text');
  const { msg, reason } = REFUSALS[refusal];
  // The provider's own throttling answers like the platform's send limits do.
  const kind = refusal === 'frequent' || refusal === 'daily' ? 'TOO_MANY_REQUESTS' : 'BAD_REQUEST';
  return new AppError(kind, msg, { field: 'mobile', reason });
}

/** scheme://host[:port] split the way both SDKs take it. */
export function splitEndpoint(endpoint: string): { protocol: 'http' | 'https'; host: string } {
  const url = new URL(endpoint.includes('://') ? endpoint : `https://${endpoint}`);
  return { protocol: url.protocol === 'http:' ? 'http' : 'https', host: url.host };
}
