import type { SmsScene } from '@pos/core';
import { mask } from './lib/secrets';

/**
 * Accounts at the outside parties that send texts, check real names and geocode (decision 029).
 * Read from the environment with the rest of the configuration; each party's selector
 * (SMS_GATEWAY, IDENTITY_VERIFIER, GEOCODER) says which of these is used.
 */
export interface ProviderSettings {
  sms: {
    /** The approved sign name (签名) the provider puts before every text. */
    signName: string;
    /** The approved template code (Alibaba Cloud) or id (Tencent Cloud) per scene; ${code} in each. */
    templates: Record<SmsScene, string>;
    /**
     * Templates of the two notices sent instead of a code (the mobile is registered already, or
     * has no account). Without one, that notice is not sent; the caller's answer is the same.
     */
    noticeTemplates: { registered: string; unregistered: string };
    /** How long one call to the provider may take. */
    timeoutMs: number;
    aliyun: {
      accessKeyId: string;
      accessKeySecret: string;
      /** Where SendSms goes: scheme and host[:port]. */
      endpoint: string;
    };
    tencent: {
      secretId: string;
      secretKey: string;
      /** The SMS application's SdkAppId. */
      sdkAppId: string;
      region: string;
      /** Where SendSms goes: scheme and host[:port]; the first label of the host is the signed service. */
      endpoint: string;
      /**
       * host:port to connect to instead of resolving the endpoint's host (plain http only), as
       * curl --connect-to: for a private path to the provider or a local fake. Usually empty.
       */
      connectTo: string;
    };
  };
  realName: {
    /** The market product's ID two-element check (name + ID number). */
    idUrl: string;
    /** The market product's bank-card check (name + ID number + card, and mobile for four). */
    bankCardUrl: string;
    /** The AppCode of the purchased product, sent as `Authorization: APPCODE <code>`. */
    appCode: string;
    timeoutMs: number;
  };
  amap: {
    /** The web-service key (Web服务 kind) of the AMap application. */
    key: string;
    /** When the key has digital signatures switched on: its private key (sig = md5 of the sorted parameters and it). */
    privateKey: string;
    /** Scheme and host[:port] of the web service. */
    endpoint: string;
    timeoutMs: number;
  };
}

const number = (value: string | undefined, fallback: number) =>
  value === undefined || value === '' ? fallback : Number(value);

export function loadProviderSettings(env: NodeJS.ProcessEnv): ProviderSettings {
  const s = (name: string, fallback = '') => (env[name] ?? '').trim() || fallback;
  return {
    sms: {
      signName: s('SMS_SIGN_NAME'),
      templates: {
        login: s('SMS_TEMPLATE_LOGIN'),
        register: s('SMS_TEMPLATE_REGISTER'),
        resetPwd: s('SMS_TEMPLATE_RESET_PWD'),
        payPwd: s('SMS_TEMPLATE_PAY_PWD'),
        settle: s('SMS_TEMPLATE_SETTLE'),
      },
      noticeTemplates: {
        registered: s('SMS_TEMPLATE_NOTICE_REGISTERED'),
        unregistered: s('SMS_TEMPLATE_NOTICE_UNREGISTERED'),
      },
      timeoutMs: number(env.SMS_TIMEOUT_MS, 5000),
      aliyun: {
        accessKeyId: s('ALIYUN_SMS_ACCESS_KEY_ID'),
        accessKeySecret: s('ALIYUN_SMS_ACCESS_KEY_SECRET'),
        endpoint: s('ALIYUN_SMS_ENDPOINT', 'https://dysmsapi.aliyuncs.com'),
      },
      tencent: {
        secretId: s('TENCENT_SMS_SECRET_ID'),
        secretKey: s('TENCENT_SMS_SECRET_KEY'),
        sdkAppId: s('TENCENT_SMS_SDK_APP_ID'),
        region: s('TENCENT_SMS_REGION', 'ap-guangzhou'),
        endpoint: s('TENCENT_SMS_ENDPOINT', 'https://sms.tencentcloudapi.com'),
        connectTo: s('TENCENT_SMS_CONNECT_TO'),
      },
    },
    realName: {
      idUrl: s('REALNAME_ID_URL'),
      bankCardUrl: s('REALNAME_BANKCARD_URL'),
      appCode: s('REALNAME_APPCODE'),
      timeoutMs: number(env.REALNAME_TIMEOUT_MS, 8000),
    },
    amap: {
      key: s('AMAP_KEY'),
      privateKey: s('AMAP_PRIVATE_KEY'),
      endpoint: s('AMAP_ENDPOINT', 'https://restapi.amap.com'),
      timeoutMs: number(env.AMAP_TIMEOUT_MS, 5000),
    },
  };
}

/** What each selector chose and whether its account is complete, with every secret masked. */
export function describeProviders(config: {
  smsGateway: string;
  identityVerifier: string;
  geocoder: string;
  providers: ProviderSettings;
}) {
  const p = config.providers;
  const sms =
    config.smsGateway === 'aliyun'
      ? {
          endpoint: p.sms.aliyun.endpoint,
          accessKeyId: mask(p.sms.aliyun.accessKeyId),
          accessKeySecret: mask(p.sms.aliyun.accessKeySecret),
        }
      : config.smsGateway === 'tencent'
        ? {
            endpoint: p.sms.tencent.endpoint,
            region: p.sms.tencent.region,
            sdkAppId: p.sms.tencent.sdkAppId,
            secretId: mask(p.sms.tencent.secretId),
            secretKey: mask(p.sms.tencent.secretKey),
          }
        : {};
  return {
    sms: {
      gateway: config.smsGateway,
      ...sms,
      ...(config.smsGateway === 'aliyun' || config.smsGateway === 'tencent'
        ? { signName: p.sms.signName, templates: p.sms.templates }
        : {}),
    },
    identity: {
      verifier: config.identityVerifier,
      ...(config.identityVerifier === 'market'
        ? {
            idUrl: p.realName.idUrl,
            bankCardUrl: p.realName.bankCardUrl,
            appCode: mask(p.realName.appCode),
          }
        : {}),
    },
    geocoder: {
      geocoder: config.geocoder,
      ...(config.geocoder === 'amap'
        ? {
            endpoint: p.amap.endpoint,
            key: mask(p.amap.key),
            signed: Boolean(p.amap.privateKey),
          }
        : {}),
    },
  };
}

/** What a selected party still lacks, named by environment variable (empty when complete). */
export function providerProblems(config: {
  smsGateway: string;
  identityVerifier: string;
  geocoder: string;
  providers: ProviderSettings;
}): string[] {
  const p = config.providers;
  const missing: string[] = [];
  const need = (name: string, value: string) => {
    if (!value) missing.push(name);
  };
  if (config.smsGateway === 'aliyun' || config.smsGateway === 'tencent') {
    need('SMS_SIGN_NAME', p.sms.signName);
    need('SMS_TEMPLATE_LOGIN', p.sms.templates.login);
    need('SMS_TEMPLATE_REGISTER', p.sms.templates.register);
    need('SMS_TEMPLATE_RESET_PWD', p.sms.templates.resetPwd);
    need('SMS_TEMPLATE_PAY_PWD', p.sms.templates.payPwd);
    need('SMS_TEMPLATE_SETTLE', p.sms.templates.settle);
  }
  if (config.smsGateway === 'aliyun') {
    need('ALIYUN_SMS_ACCESS_KEY_ID', p.sms.aliyun.accessKeyId);
    need('ALIYUN_SMS_ACCESS_KEY_SECRET', p.sms.aliyun.accessKeySecret);
  }
  if (config.smsGateway === 'tencent') {
    need('TENCENT_SMS_SECRET_ID', p.sms.tencent.secretId);
    need('TENCENT_SMS_SECRET_KEY', p.sms.tencent.secretKey);
    need('TENCENT_SMS_SDK_APP_ID', p.sms.tencent.sdkAppId);
  }
  if (config.identityVerifier === 'market') {
    need('REALNAME_ID_URL', p.realName.idUrl);
    need('REALNAME_BANKCARD_URL', p.realName.bankCardUrl);
    need('REALNAME_APPCODE', p.realName.appCode);
  }
  if (config.geocoder === 'amap') need('AMAP_KEY', p.amap.key);
  const problems = missing.map((name) => `${name} must be set for the chosen provider`);
  for (const [name, ms] of [
    ['SMS_TIMEOUT_MS', p.sms.timeoutMs],
    ['REALNAME_TIMEOUT_MS', p.realName.timeoutMs],
    ['AMAP_TIMEOUT_MS', p.amap.timeoutMs],
  ] as const) {
    if (!Number.isSafeInteger(ms) || ms < 100) {
      problems.push(`${name} must be a whole number of milliseconds, at least 100`);
    }
  }
  return problems;
}
