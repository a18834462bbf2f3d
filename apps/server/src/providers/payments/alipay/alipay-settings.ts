import { mask } from '../../../lib/secrets';
/** The merchant application's Alipay settings (from ALIPAY_* in the environment). */
export interface AlipaySettings {
  /** The application's id on the Alipay open platform. */
  appId: string;
  /** The application's RSA private key (PEM, PKCS#8 or PKCS#1, or the bare base64 body). */
  privateKey: string;
  /** Alipay's public key for this application (PEM or bare base64), verifying answers and notifies. */
  alipayPublicKey: string;
  /** The openapi gateway, https://openapi.alipay.com/gateway.do unless set (the sandbox's, a fake's). */
  gatewayUrl: string;
  /** Where Alipay posts payment results: this server's /prod-api/api/pay/alipay/notify, public. */
  notifyUrl: string;
  /** Where the browser returns after a wap or page payment (optional). */
  returnUrl: string;
  /** The merchant's own Alipay user id (2088…); when set a notify for another seller is refused. */
  sellerId: string;
}

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

/** PEM text from one environment line: literal \n becomes a line break. */
const pem = (value: string | undefined) => (value ?? '').replace(/\\n/g, '\n').trim();

/** The merchant application's Alipay settings from ALIPAY_* (decision 027). */
export function loadAlipaySettings(env: NodeJS.ProcessEnv): AlipaySettings {
  const s = (name: string, fallback = '') => (env[name] ?? '').trim() || fallback;
  return {
    appId: s('ALIPAY_APP_ID'),
    privateKey: pem(env.ALIPAY_PRIVATE_KEY),
    alipayPublicKey: pem(env.ALIPAY_PUBLIC_KEY),
    gatewayUrl: s('ALIPAY_GATEWAY_URL', ALIPAY_DEFAULT_GATEWAY),
    notifyUrl: s('ALIPAY_NOTIFY_URL'),
    returnUrl: s('ALIPAY_RETURN_URL'),
    sellerId: s('ALIPAY_SELLER_ID'),
  };
}

interface AlipayChoices {
  alipayGateway: string;
  payout: string;
  alipay: AlipaySettings;
}

const usesAlipay = (config: AlipayChoices) =>
  config.alipayGateway === 'alipay' || config.payout === 'alipay';

/** A key as an operator may see it: never more than its first and last two characters. */
export function maskKey(secret: string): string {
  return mask(secret.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, ''));
}

/** What ALIPAY_GATEWAY and PAYOUT chose and the Alipay account in use, keys masked. */
export function describeAlipay(config: AlipayChoices) {
  return {
    alipay: {
      gateway: config.alipayGateway,
      payout: config.payout,
      ...(usesAlipay(config)
        ? {
            appId: config.alipay.appId,
            gatewayUrl: config.alipay.gatewayUrl,
            notifyUrl: config.alipay.notifyUrl,
            privateKey: maskKey(config.alipay.privateKey),
            alipayPublicKey: maskKey(config.alipay.alipayPublicKey),
          }
        : {}),
    },
  };
}

/** What the chosen Alipay parts cannot work without, named by environment variable. */
export function alipayProblems(config: AlipayChoices, env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!['simulated', 'disabled', 'alipay'].includes(config.alipayGateway)) {
    problems.push(
      `ALIPAY_GATEWAY (or PAYMENT_GATEWAY) must be simulated, disabled or alipay (got ${String(env.ALIPAY_GATEWAY || env.PAYMENT_GATEWAY)})`,
    );
  }
  if (!['simulated', 'disabled', 'alipay'].includes(config.payout)) {
    problems.push(`PAYOUT must be simulated, disabled or alipay (got ${String(env.PAYOUT)})`);
  }
  if (!usesAlipay(config)) return problems;
  const a = config.alipay;
  for (const [name, value] of [
    ['ALIPAY_APP_ID', a.appId],
    ['ALIPAY_PRIVATE_KEY', a.privateKey],
    ['ALIPAY_PUBLIC_KEY', a.alipayPublicKey],
  ] as const) {
    if (!value) problems.push(`${name} must be set while Alipay is chosen`);
  }
  if (config.alipayGateway === 'alipay' && !/^https?:\/\//.test(a.notifyUrl)) {
    problems.push(
      'ALIPAY_NOTIFY_URL must be the public address of /prod-api/api/pay/alipay/notify while ALIPAY_GATEWAY=alipay',
    );
  }
  if (!/^https?:\/\//.test(a.gatewayUrl))
    problems.push('ALIPAY_GATEWAY_URL must be an http(s) address');
  return problems;
}

/** What production refuses: the simulators, and Alipay's gateway over plain http. */
export function alipayProductionProblems(config: AlipayChoices): string[] {
  const problems: string[] = [];
  if (config.alipayGateway === 'simulated') {
    problems.push(
      'ALIPAY_GATEWAY=simulated (or PAYMENT_GATEWAY=simulated) takes no real money: set ALIPAY_GATEWAY=alipay with the ALIPAY_* account (or disabled) in production',
    );
  }
  if (config.payout === 'simulated') {
    problems.push(
      'PAYOUT=simulated pays no one: set PAYOUT=alipay with the ALIPAY_* account (or disabled, and pay by hand) in production',
    );
  }
  if (usesAlipay(config) && !config.alipay.gatewayUrl.startsWith('https://')) {
    problems.push('ALIPAY_GATEWAY_URL must be https in production');
  }
  return problems;
}
