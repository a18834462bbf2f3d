import http from 'node:http';
import net from 'node:net';
import type { SmsScene } from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import * as tencentcloud from 'tencentcloud-sdk-nodejs-sms';
import type { ProviderSettings } from '../../provider-settings';
import {
  maskMobile,
  smsRefused,
  splitEndpoint,
  templatedText,
  type SmsRefusal,
} from './provider-sms';
import type { SmsSender } from './sms-sender';

const SmsClient = tencentcloud.sms.v20210111.Client;

/**
 * Tencent Cloud SMS's answer codes (SendSms 2021-01-11, per number in SendStatusSet or for the
 * whole call) and how each reads to the person; anything else is the generic failure.
 */
const TENCENT_REFUSALS: Record<string, SmsRefusal> = {
  'LimitExceeded.PhoneNumberThirtySecondLimit': 'frequent',
  'LimitExceeded.PhoneNumberOneHourLimit': 'frequent',
  'LimitExceeded.PhoneNumberSameContentDailyLimit': 'daily',
  'LimitExceeded.PhoneNumberDailyLimit': 'daily',
  'LimitExceeded.DailyLimit': 'service',
  'InvalidParameterValue.IncorrectPhoneNumber': 'mobile',
  'FailedOperation.PhoneNumberInBlacklist': 'blocked',
  'FailedOperation.PhoneNumberOnBlacklist': 'blocked',
};

/** Connects every request to host:port whatever the URL names (curl's --connect-to). */
function connectingTo(target: string): http.Agent {
  const [host, port] = [target.slice(0, target.lastIndexOf(':')), target.split(':').pop()];
  const agent = new http.Agent({ keepAlive: false });
  agent.createConnection = () => net.connect({ host, port: Number(port) });
  return agent;
}

/** Verification codes through Tencent Cloud SMS (SendSms 2021-01-11), its official SDK. */
export class TencentSmsSender implements SmsSender {
  private readonly client: InstanceType<typeof SmsClient>;

  constructor(
    private readonly settings: ProviderSettings['sms'],
    private readonly log: FastifyBaseLogger,
  ) {
    const t = settings.tencent;
    const { protocol, host } = splitEndpoint(t.endpoint);
    this.client = new SmsClient({
      credential: { secretId: t.secretId, secretKey: t.secretKey },
      region: t.region,
      profile: {
        httpProfile: {
          endpoint: host,
          protocol: `${protocol}://`,
          reqTimeout: Math.max(1, Math.ceil(settings.timeoutMs / 1000)),
          ...(t.connectTo && protocol === 'http' ? { agent: connectingTo(t.connectTo) } : {}),
        },
      },
    });
  }

  async send(mobile: string, scene: SmsScene, code: string, content: string): Promise<void> {
    const text = templatedText(this.settings, scene, code, content);
    if (!text) {
      this.log.info({ sms: { mobile: maskMobile(mobile), scene } }, 'SMS notice has no template');
      return;
    }
    const detail = { provider: 'tencent', mobile, scene: text.kind };
    let status: { Code?: string; Message?: string; SerialNo?: string } | undefined;
    try {
      const res = await this.client.SendSms({
        SmsSdkAppId: this.settings.tencent.sdkAppId,
        SignName: this.settings.signName,
        TemplateId: text.template,
        TemplateParamSet: text.code ? [text.code] : [],
        PhoneNumberSet: [`+86${mobile}`],
      });
      status = res.SendStatusSet?.[0];
    } catch (error) {
      const e = error as { code?: string; message?: string };
      const providerCode = e.code || 'UNREACHABLE';
      throw smsRefused(this.log, TENCENT_REFUSALS[providerCode] ?? 'service', {
        ...detail,
        code: providerCode,
        message: e.message ?? String(error),
      });
    }
    if (status?.Code === 'Ok') {
      this.log.info(
        { sms: { ...detail, mobile: maskMobile(mobile), serialNo: status.SerialNo } },
        'SMS sent',
      );
      return;
    }
    const providerCode = status?.Code ?? 'NO_STATUS';
    throw smsRefused(this.log, TENCENT_REFUSALS[providerCode] ?? 'service', {
      ...detail,
      code: providerCode,
      message: status?.Message ?? '',
    });
  }
}
