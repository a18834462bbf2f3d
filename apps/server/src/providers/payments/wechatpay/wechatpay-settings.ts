import { readFileSync } from 'node:fs';
import { mask } from '../../../lib/secrets';

/** WeChat Pay's API v3 host. */
export const WECHATPAY_DEFAULT_BASE_URL = 'https://api.mch.weixin.qq.com/';

/**
 * The merchant's WeChat Pay API v3 account (decision 028), read from WECHATPAY_* variables. Used
 * when WECHATPAY_GATEWAY=wechatpay. PEM values may be given inline (with \n for line breaks) or
 * as a file (the *_FILE variables).
 */
export interface WechatPaySettings {
  /** 商户号. */
  mchid: string;
  /** AppID of the official account or mini program paying by H5 and JSAPI. */
  appid: string;
  /** AppID of the mobile application (open platform) paying in the native shell; appid unless set. */
  appAppid: string;
  /** Serial number of the merchant's API certificate (商户API证书序列号). */
  serial: string;
  /** The merchant's API private key (apiclient_key.pem), which signs every request. */
  privateKey: string;
  /** The APIv3 key (32 characters) that decrypts notifications and platform certificates. */
  apiV3Key: string;
  /**
   * WeChat Pay public key mode (新商户): the public key (PEM) and its id (PUB_KEY_ID_…). Empty
   * in platform certificate mode, where the certificates come from GET /v3/certificates.
   */
  publicKey: string;
  publicKeyId: string;
  /** The public address of POST /prod-api/api/pay/wechat/notify (https), for payments and refunds. */
  notifyUrl: string;
  /** API host; the default unless a proxy or a local fake stands in. */
  baseUrl: string;
  /** How long one call may take. */
  timeoutMs: number;
  /** How often the platform certificates are fetched again (they rotate; WeChat advises under 12 h). */
  certRefreshMs: number;
}

const pem = (inline: string | undefined, file: string | undefined): string => {
  if (inline) return inline.replace(/\\n/g, '\n').trim();
  if (file) return readFileSync(file, 'utf8').trim();
  return '';
};

export function loadWechatPaySettings(env: NodeJS.ProcessEnv): WechatPaySettings {
  const appid = (env.WECHATPAY_APPID ?? '').trim();
  return {
    mchid: (env.WECHATPAY_MCHID ?? '').trim(),
    appid,
    appAppid: (env.WECHATPAY_APP_APPID ?? '').trim() || appid,
    serial: (env.WECHATPAY_SERIAL ?? '').trim().toUpperCase(),
    privateKey: pem(env.WECHATPAY_PRIVATE_KEY, env.WECHATPAY_PRIVATE_KEY_FILE),
    apiV3Key: env.WECHATPAY_APIV3_KEY ?? '',
    publicKey: pem(env.WECHATPAY_PUBLIC_KEY, env.WECHATPAY_PUBLIC_KEY_FILE),
    publicKeyId: (env.WECHATPAY_PUBLIC_KEY_ID ?? '').trim(),
    notifyUrl: (env.WECHATPAY_NOTIFY_URL ?? '').trim(),
    baseUrl: (env.WECHATPAY_BASE_URL ?? '').trim() || WECHATPAY_DEFAULT_BASE_URL,
    timeoutMs: Number(env.WECHATPAY_TIMEOUT_MS ?? 10_000),
    certRefreshMs: Number(env.WECHATPAY_CERT_REFRESH_MS ?? 6 * 3_600_000),
  };
}

/** What is missing or wrong in the account while WECHATPAY_GATEWAY=wechatpay, by variable. */
export function wechatPayProblems(s: WechatPaySettings): string[] {
  const problems: string[] = [];
  const need = (name: string, value: string) => {
    if (!value) problems.push(`${name} must be set when WECHATPAY_GATEWAY=wechatpay`);
  };
  need('WECHATPAY_MCHID', s.mchid);
  need('WECHATPAY_APPID', s.appid);
  need('WECHATPAY_SERIAL', s.serial);
  need('WECHATPAY_PRIVATE_KEY (or WECHATPAY_PRIVATE_KEY_FILE)', s.privateKey);
  need('WECHATPAY_NOTIFY_URL', s.notifyUrl);
  if (Buffer.byteLength(s.apiV3Key) !== 32)
    problems.push('WECHATPAY_APIV3_KEY must be the 32-character APIv3 key');
  if (Boolean(s.publicKey) !== Boolean(s.publicKeyId))
    problems.push('WECHATPAY_PUBLIC_KEY and WECHATPAY_PUBLIC_KEY_ID go together (public key mode)');
  if (s.notifyUrl && !/^https:\/\//.test(s.notifyUrl))
    problems.push('WECHATPAY_NOTIFY_URL must be an https address WeChat Pay can reach');
  if (!Number.isSafeInteger(s.timeoutMs) || s.timeoutMs < 1000)
    problems.push('WECHATPAY_TIMEOUT_MS must be a whole number of at least 1000');
  if (!Number.isSafeInteger(s.certRefreshMs) || s.certRefreshMs < 60_000)
    problems.push('WECHATPAY_CERT_REFRESH_MS must be a whole number of at least 60000');
  return problems;
}

/** WECHATPAY_GATEWAY's value, and the account when it is 'wechatpay'. */
export function wechatPayConfigProblems(
  config: { wechatPay: string; wechatPaySettings: WechatPaySettings },
  env: NodeJS.ProcessEnv,
): string[] {
  if (!['simulated', 'disabled', 'wechatpay'].includes(config.wechatPay))
    return [
      `WECHATPAY_GATEWAY (or PAYMENT_GATEWAY) must be simulated, disabled or wechatpay (got ${String(env.WECHATPAY_GATEWAY || env.PAYMENT_GATEWAY)})`,
    ];
  return config.wechatPay === 'wechatpay' ? wechatPayProblems(config.wechatPaySettings) : [];
}

/** The selector and the account with every secret masked, for the health/config report. */
export function describeWechatPay(config: {
  wechatPay: string;
  wechatPaySettings: WechatPaySettings;
}) {
  const s = config.wechatPaySettings;
  if (config.wechatPay !== 'wechatpay') return { gateway: config.wechatPay };
  return {
    gateway: config.wechatPay,
    complete: wechatPayProblems(s).length === 0,
    mchid: s.mchid,
    appid: s.appid,
    appAppid: s.appAppid,
    serial: mask(s.serial),
    privateKey: s.privateKey ? '****' : '',
    apiV3Key: mask(s.apiV3Key),
    verification: s.publicKeyId ? 'public key' : 'platform certificates',
    publicKeyId: s.publicKeyId,
    notifyUrl: s.notifyUrl,
    baseUrl: s.baseUrl,
  };
}
