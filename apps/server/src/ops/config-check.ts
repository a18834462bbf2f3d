import { DEMO_HOT_UPDATE_PUBLIC_KEY } from '@pos/core';
import { loadConfig, type Config } from '../config';
import {
  alipayProblems,
  alipayProductionProblems,
} from '../providers/payments/alipay/alipay-settings';
import { wechatPayConfigProblems } from '../providers/payments/wechatpay/wechatpay-settings';
import { channelProductionProblems, channelsFromEnv } from '../modules/channels/channel-env';
import { providerProblems } from '../provider-settings';
import { pushConfigProblems } from '../modules/push/push-config';

/** The defaults shipped for the demo; a production server must have its own. */
const DEMO_DEFAULTS = loadConfig({});

/**
 * What stops a production server from starting: each demo secret still in use, and each value
 * that cannot work, named by its environment variable. Empty outside production, where the
 * demo secrets are what make `npm start` work on a fresh clone.
 */
export function configProblems(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  for (const [name, value] of [
    ['PORT', config.port],
    ['TOKEN_TTL_SECONDS', config.tokenTtlSeconds],
    ['SCRYPT_COST', config.scryptCost],
    ['LOGIN_IP_MAX', config.loginIpMax],
    ['SETTLEMENT_INTERVAL_MS', config.settlementIntervalMs],
    ['RANK_MAX_AGE_SECONDS', config.rankMaxAgeSeconds],
    ['WITHDRAW_FEE_FEN', config.withdrawFeeFen],
    ['WITHDRAW_TAX_PPM', config.withdrawTaxPpm],
    ['SHUTDOWN_TIMEOUT_MS', config.shutdownTimeoutMs],
    ['JOB_LEASE_MS', config.jobLeaseMs],
    ['ADMIN_SESSION_HOURS', config.adminSessionHours],
    ['ADMIN_IDLE_MINUTES', config.adminIdleMinutes],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) {
      problems.push(`${name} must be a whole number of at least 0 (got ${String(env[name])})`);
    }
  }
  if (config.jobLeaseMs < 1000) {
    problems.push(`JOB_LEASE_MS must be at least 1000 (got ${String(env.JOB_LEASE_MS)})`);
  }
  if (!['all', 'api', 'jobs'].includes(config.serverRole)) {
    problems.push(`SERVER_ROLE must be all, api or jobs (got ${String(env.SERVER_ROLE)})`);
  }
  if (config.paymentGateway !== 'simulated' && config.paymentGateway !== 'disabled') {
    problems.push(
      `PAYMENT_GATEWAY must be simulated or disabled (got ${String(env.PAYMENT_GATEWAY)})`,
    );
  }
  problems.push(...alipayProblems(config, env));
  problems.push(...wechatPayConfigProblems(config, env));
  if (!['simulated', 'disabled', 'aliyun', 'tencent'].includes(config.smsGateway)) {
    problems.push(
      `SMS_GATEWAY must be simulated, disabled, aliyun or tencent (got ${String(env.SMS_GATEWAY)})`,
    );
  }
  if (!['simulated', 'disabled', 'amap'].includes(config.geocoder)) {
    problems.push(`GEOCODER must be simulated, disabled or amap (got ${String(env.GEOCODER)})`);
  }
  if (!['simulated', 'disabled', 'market'].includes(config.identityVerifier)) {
    problems.push(
      `IDENTITY_VERIFIER must be simulated, disabled or market (got ${String(env.IDENTITY_VERIFIER)})`,
    );
  }
  problems.push(...providerProblems(config));
  problems.push(...channelsFromEnv(env).problems);
  problems.push(...pushConfigProblems(config, env));
  if (env.NODE_ENV !== 'production') return problems;
  // Acquirer channels (CHANNELS / CHANNEL_*): each with its keys, none on the demo keys.
  problems.push(...channelProductionProblems(env));
  // GEOCODER=simulated is accepted in production, unlike the simulated payment gateway: its
  // offline gazetteer only suggests real places and their coordinates, coarsely; the agent sees
  // and may edit the address before saving it, and a licence address is reviewed by the
  // platform anyway. Nothing is invented that money or a review depends on.
  // Each payment channel answers for itself (ALIPAY_GATEWAY and WECHATPAY_GATEWAY fall back to
  // PAYMENT_GATEWAY), and so do the withdrawal payouts (PAYOUT).
  if (config.wechatPay === 'simulated') {
    problems.push(
      'WECHATPAY_GATEWAY=simulated (or PAYMENT_GATEWAY=simulated) takes no real money: choose the real WeChat Pay adapter or disabled in production',
    );
  }
  problems.push(...alipayProductionProblems(config));

  if (config.smsGateway === 'simulated') {
    problems.push(
      'SMS_GATEWAY=simulated sends nothing to phones and shows the codes to operators: set SMS_GATEWAY=aliyun or tencent (or disabled) in production',
    );
  }
  if (config.identityVerifier === 'simulated') {
    problems.push(
      'IDENTITY_VERIFIER=simulated accepts any well-formed name and ID number: set IDENTITY_VERIFIER=market (or disabled) in production',
    );
  }

  // JWT_SECRET may stay empty: one is then generated once and kept in the database.
  const secrets = [
    ['DATA_KEY', config.dataKey, DEMO_DEFAULTS.dataKey],
    ['NOTIFY_SECRET', config.notifySecret, DEMO_DEFAULTS.notifySecret],
    ['ACQUIRER_SECRET', config.acquirerSecret, DEMO_DEFAULTS.acquirerSecret],
    ['PAYMENT_GATEWAY_SECRET', config.paymentGatewaySecret, DEMO_DEFAULTS.paymentGatewaySecret],
  ] as const;
  for (const [name, value, demo] of secrets) {
    if (!env[name] || value === demo || /change-?me/i.test(value)) {
      problems.push(`${name} must be set to a secret of your own in production`);
    } else if (value.length < 16) {
      problems.push(`${name} must be at least 16 characters long`);
    }
  }
  // Hot updates are signed on the release machine (npm run app:publish); the server verifies.
  if (config.hotUpdatePublicKey === DEMO_HOT_UPDATE_PUBLIC_KEY) {
    problems.push(
      "HOT_UPDATE_PUBLIC_KEY must be the public key of your own Ed25519 hot-update signing key in production: the demo key's private half is published with the source (build the app with the same value in VITE_HOT_UPDATE_PUBLIC_KEY)",
    );
  } else if (!isRawEd25519PublicKey(config.hotUpdatePublicKey)) {
    problems.push('HOT_UPDATE_PUBLIC_KEY must be a raw Ed25519 public key: 32 bytes in base64');
  }
  if (env.HOT_UPDATE_SIGNING_KEY) {
    problems.push(
      'HOT_UPDATE_SIGNING_KEY must not be given to the server: hot updates are signed on the release machine (npm run app:publish) and the server only verifies them with HOT_UPDATE_PUBLIC_KEY',
    );
  }
  if (env.JWT_SECRET !== undefined && env.JWT_SECRET !== '' && env.JWT_SECRET.length < 32) {
    problems.push('JWT_SECRET must be at least 32 characters long, or empty to have one generated');
  }
  if (config.smsOutboxApi) {
    problems.push(
      'SMS_OUTBOX_API must be false in production: it hands SMS codes to anyone and lets anyone hold the simulated acquirer',
    );
  }
  if (config.seedDemo) {
    problems.push('SEED_DEMO must be false in production: the demo accounts share one password');
  }
  if (!config.adminTotp) {
    problems.push('ADMIN_TOTP must be true in production: operators need their second factor');
  }
  if (config.simulateTraffic) {
    problems.push('SIMULATE_TRAFFIC must be false in production: it invents transactions');
  }
  return problems;
}

/** 32 bytes in canonical base64 (44 characters ending in one '='), as `openssl ... | base64` prints. */
function isRawEd25519PublicKey(value: string): boolean {
  return /^[A-Za-z0-9+/]{43}=$/.test(value) && Buffer.from(value, 'base64').length === 32;
}
