import DysmsapiExport, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import type { SmsScene } from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import type { ProviderSettings } from '../../provider-settings';
import {
  maskMobile,
  smsRefused,
  splitEndpoint,
  templatedText,
  type SmsRefusal,
} from './provider-sms';
import type { SmsSender } from './sms-sender';

/**
 * The SDK's client class. It is CommonJS marked as a compiled ES module: Node's own ESM loader
 * (the built server) hands its whole exports object as the default import, with the class on
 * `.default`; bundlers and the test runner hand the class itself.
 */
const Dysmsapi =
  (DysmsapiExport as unknown as { default?: typeof DysmsapiExport }).default ?? DysmsapiExport;

/**
 * Alibaba Cloud SMS's answer codes (SendSms, "错误码" in its documentation) and how each reads to
 * the person. Anything not named here is the platform's problem (balance, sign name, template,
 * account, the provider's faults) and reads as the generic failure.
 */
const ALIYUN_REFUSALS: Record<string, SmsRefusal> = {
  'isv.BUSINESS_LIMIT_CONTROL': 'frequent',
  'isv.DAY_LIMIT_CONTROL': 'daily',
  'isv.MOBILE_NUMBER_ILLEGAL': 'mobile',
  'isv.MOBILE_COUNT_OVER_LIMIT': 'mobile',
  'isv.BLACK_KEY_CONTROL_LIMIT': 'blocked',
  'isv.OUT_OF_SERVICE': 'blocked',
  'isv.MOBILE_IN_BLACK': 'blocked',
};

/** Verification codes through Alibaba Cloud SMS (dysmsapi 2017-05-25 SendSms), its official SDK. */
export class AliyunSmsSender implements SmsSender {
  private readonly client: DysmsapiExport;

  constructor(
    private readonly settings: ProviderSettings['sms'],
    private readonly log: FastifyBaseLogger,
  ) {
    const { protocol, host } = splitEndpoint(settings.aliyun.endpoint);
    this.client = new Dysmsapi(
      new $OpenApiUtil.Config({
        accessKeyId: settings.aliyun.accessKeyId,
        accessKeySecret: settings.aliyun.accessKeySecret,
        endpoint: host,
        protocol,
        connectTimeout: settings.timeoutMs,
        readTimeout: settings.timeoutMs,
      }),
    );
  }

  async send(mobile: string, scene: SmsScene, code: string, content: string): Promise<void> {
    const text = templatedText(this.settings, scene, code, content);
    if (!text) {
      this.log.info({ sms: { mobile: maskMobile(mobile), scene } }, 'SMS notice has no template');
      return;
    }
    const detail = { provider: 'aliyun', mobile, scene: text.kind };
    let answer: { code?: string; message?: string; bizId?: string } | undefined;
    try {
      const res = await this.client.sendSms(
        new SendSmsRequest({
          phoneNumbers: mobile,
          signName: this.settings.signName,
          templateCode: text.template,
          ...(text.code ? { templateParam: JSON.stringify({ code: text.code }) } : {}),
        }),
      );
      answer = res.body;
    } catch (error) {
      // Refused before SendSms ran (signature, credentials, throttling) or not reached at all.
      const e = error as { code?: string; message?: string };
      const refusal = e.code === 'Throttling.User' ? 'frequent' : 'service';
      throw smsRefused(this.log, refusal, {
        ...detail,
        code: e.code ?? 'UNREACHABLE',
        message: e.message ?? String(error),
      });
    }
    if (answer?.code === 'OK') {
      this.log.info(
        { sms: { ...detail, mobile: maskMobile(mobile), bizId: answer.bizId } },
        'SMS sent',
      );
      return;
    }
    const providerCode = answer?.code ?? 'NO_ANSWER';
    throw smsRefused(this.log, ALIYUN_REFUSALS[providerCode] ?? 'service', {
      ...detail,
      code: providerCode,
      message: answer?.message ?? '',
    });
  }
}
