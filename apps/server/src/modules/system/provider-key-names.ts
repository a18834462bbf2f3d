/**
 * The outside parties' keys and accounts that operators may set in the console (decision 041),
 * by the environment variable each one overrides.
 * Only credentials and the texts the provider approved (sign name, templates): never a selector
 * (which party is used stays in the environment) and never an address (a stored URL could send
 * money or codes elsewhere). A key is `secret` when no part of it may be shown but its ends.
 */
export const PROVIDER_KEYS = {
  alipay: [
    { name: 'ALIPAY_APP_ID', secret: false },
    { name: 'ALIPAY_SELLER_ID', secret: false },
    { name: 'ALIPAY_PRIVATE_KEY', secret: true, pem: 'private' },
    { name: 'ALIPAY_PUBLIC_KEY', secret: false, pem: 'public' },
  ],
  wechatPay: [
    { name: 'WECHATPAY_MCHID', secret: false },
    { name: 'WECHATPAY_APPID', secret: false },
    { name: 'WECHATPAY_APP_APPID', secret: false },
    { name: 'WECHATPAY_SERIAL', secret: false },
    { name: 'WECHATPAY_PRIVATE_KEY', secret: true, pem: 'private' },
    { name: 'WECHATPAY_APIV3_KEY', secret: true },
    { name: 'WECHATPAY_PUBLIC_KEY_ID', secret: false },
    { name: 'WECHATPAY_PUBLIC_KEY', secret: false, pem: 'public' },
  ],
  sms: [
    { name: 'SMS_SIGN_NAME', secret: false },
    { name: 'SMS_TEMPLATE_LOGIN', secret: false },
    { name: 'SMS_TEMPLATE_REGISTER', secret: false },
    { name: 'SMS_TEMPLATE_RESET_PWD', secret: false },
    { name: 'SMS_TEMPLATE_PAY_PWD', secret: false },
    { name: 'SMS_TEMPLATE_SETTLE', secret: false },
    { name: 'SMS_TEMPLATE_NOTICE_REGISTERED', secret: false },
    { name: 'SMS_TEMPLATE_NOTICE_UNREGISTERED', secret: false },
    { name: 'ALIYUN_SMS_ACCESS_KEY_ID', secret: false },
    { name: 'ALIYUN_SMS_ACCESS_KEY_SECRET', secret: true },
    { name: 'TENCENT_SMS_SECRET_ID', secret: false },
    { name: 'TENCENT_SMS_SECRET_KEY', secret: true },
    { name: 'TENCENT_SMS_SDK_APP_ID', secret: false },
    { name: 'TENCENT_SMS_REGION', secret: false },
  ],
  identity: [{ name: 'REALNAME_APPCODE', secret: true }],
  geocoder: [
    { name: 'AMAP_KEY', secret: true },
    { name: 'AMAP_PRIVATE_KEY', secret: true },
  ],
} as const satisfies Record<
  string,
  readonly { name: string; secret: boolean; pem?: 'private' | 'public' }[]
>;

export type ProviderParty = keyof typeof PROVIDER_KEYS;
export type KeySpec = { name: string; secret: boolean; pem?: 'private' | 'public' };

/** Every name the console may set. */
export const PROVIDER_KEY_NAMES: readonly string[] = Object.values(PROVIDER_KEYS).flatMap((specs) =>
  specs.map((s) => s.name),
);

/**
 * Where each key in use came from: the environment's values of those names, and the ones
 * approved in the console and read at start (which win).
 */
export interface ProviderKeySources {
  env: Record<string, string>;
  console: Record<string, string>;
}

export function providerKeySources(
  env: NodeJS.ProcessEnv,
  fromConsole: Record<string, string> = {},
): ProviderKeySources {
  const own: Record<string, string> = {};
  for (const name of PROVIDER_KEY_NAMES) {
    const v = (env[name] ?? '').trim();
    if (v) own[name] = v;
  }
  return { env: own, console: fromConsole };
}
