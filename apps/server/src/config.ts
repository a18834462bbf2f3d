import path from 'node:path';
import { DEMO_HOT_UPDATE_PUBLIC_KEY, MALL_ORDER_TIMEOUT_MINUTES } from '@pos/core';
import { findUp } from './lib/find-up';
import {
  loadAlipaySettings,
  type AlipaySettings,
} from './providers/payments/alipay/alipay-settings';
import {
  loadWechatPaySettings,
  type WechatPaySettings,
} from './providers/payments/wechatpay/wechatpay-settings';
import { loadProviderSettings, type ProviderSettings } from './provider-settings';
import { providerKeySources, type ProviderKeySources } from './modules/system/provider-key-names';

/** The repository root: the folder holding apps/server (from the sources or the bundle). */
export const REPO_ROOT = findUp('apps/server/migrations');

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL connection string; when empty the embedded PGlite database is used. */
  databaseUrl: string;
  /** Folder of the embedded database; 'memory://' keeps it in memory. */
  dataDir: string;
  captchaEnabled: boolean;
  /** Secret for JWTs; when empty one is generated once and kept in the database. */
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** Key for encrypting ID and bank card numbers at rest (any string; hashed to 32 bytes). */
  dataKey: string;
  /** Load demo data into an empty database at start-up. */
  seedDemo: boolean;
  /** Folder holding the built web app; served when present. */
  webDist: string;
  logLevel: string;
  /** Slow hash cost (scrypt N); lowered only by the test suite to keep it quick. */
  scryptCost: number;
  /** Login attempts allowed per address in ten minutes (the end-to-end runs raise it). */
  loginIpMax: number;
  /**
   * Serve GET /prod-api/api/dev/sms/outbox, which reads the built-in simulated SMS gateway (the
   * sms_outbox table) so development and end-to-end tests can see the codes "sent", and the
   * acquirer hold. They answer only callers on this machine (loopback, no proxy header); still,
   * switch it off (SMS_OUTBOX_API=false) wherever real people sign up.
   */
  smsOutboxApi: boolean;
  /** Simulated acquirer: ms before it answers a rate or fee change (0 in tests, answers at once). */
  acquirerSimDelayMs: number;
  /** Simulated acquirer: a change whose new value matches this regular expression is refused. */
  acquirerSimFailPattern: string;
  /** A change still applying or processing after this long is failed with '收单机构处理超时'. */
  acquirerTimeoutMs: number;
  /** Shared secret of the acquirer's HMAC-SHA256 signed result callbacks. */
  acquirerSecret: string;
  /** Shared secret of the acquirer's transaction notifications (HMAC-SHA256 of the raw body). */
  notifySecret: string;
  /** PEM public key; when set, transaction notifications must carry an RSA-SHA256 signature instead. */
  notifyRsaPublicKey: string;
  /** Settlement and the jobs run in the background of a listening server (never in inject tests). */
  backgroundJobs: boolean;
  /** How long a ranking board is read before it is computed again from the rollups. */
  rankMaxAgeSeconds: number;
  /** How often the background settlement looks at its queue. */
  settlementIntervalMs: number;
  /** Send simulated acquirer traffic for the demo terminals in the background (demo only). */
  simulateTraffic: boolean;
  /** Simulated notifications per second when simulateTraffic is on. */
  simulateRatePerSecond: number;
  /** Withdrawal fee per withdrawal (fen) and tax (ppm of the amount). */
  withdrawFeeFen: number;
  withdrawTaxPpm: number;
  /** Minutes an unpaid mall order keeps its stock before it is cancelled. */
  mallOrderTimeoutMinutes: number;
  /**
   * WeChat/Alipay for mall orders: 'simulated' (the built-in gateway, no real money) or
   * 'disabled' (those pay types are refused). A real adapter is registered with usePaymentGateway.
   */
  paymentGateway: 'simulated' | 'disabled';
  /**
   * WeChat Pay for mall orders (WECHATPAY_GATEWAY): 'simulated', 'disabled', or 'wechatpay' (API
   * v3 with the WECHATPAY_* merchant settings). PAYMENT_GATEWAY's value unless set.
   */
  wechatPay: 'simulated' | 'disabled' | 'wechatpay';
  /** The WeChat Pay merchant account (WECHATPAY_*), used by WECHATPAY_GATEWAY=wechatpay. */
  wechatPaySettings: WechatPaySettings;
  /**
   * Alipay for mall orders (ALIPAY_GATEWAY, else PAYMENT_GATEWAY): 'simulated', 'disabled', or
   * 'alipay' (the openapi gateway with the ALIPAY_* application, decision 027). Production
   * refuses 'simulated'.
   */
  alipayGateway: 'simulated' | 'disabled' | 'alipay';
  /**
   * Where approved withdrawals are paid (PAYOUT): 'simulated' (the built-in payout bank, no real
   * money), 'disabled' (payouts are refused; withdrawals wait approved) or 'alipay' (transfers
   * to the agents' Alipay accounts). Production refuses 'simulated'.
   */
  payout: 'simulated' | 'disabled' | 'alipay';
  /** The Alipay application (ALIPAY_*), used by ALIPAY_GATEWAY=alipay and PAYOUT=alipay. */
  alipay: AlipaySettings;
  /**
   * Verification codes: 'simulated' (the built-in gateway: codes go to the server log and the
   * console's 模拟短信 page, nothing reaches a phone), 'disabled' (code requests answer that
   * SMS is not available), 'aliyun' (Alibaba Cloud SMS) or 'tencent' (Tencent Cloud SMS), with
   * their accounts in providers.sms. Production refuses 'simulated'.
   */
  smsGateway: 'simulated' | 'disabled' | 'aliyun' | 'tencent';
  /**
   * Real-name checks (ID two-element, bank-card three/four-element): 'simulated' (accepts any
   * well-formed input), 'disabled' (real-name submissions answer that the check is not open) or
   * 'market' (an Alibaba Cloud market product, providers.realName). Production refuses
   * 'simulated'.
   */
  identityVerifier: 'simulated' | 'disabled' | 'market';
  /** Accounts at the SMS, real-name and geocoding providers (decision 029). */
  providers: ProviderSettings;
  /** Shared secret of the payment gateway's HMAC-SHA256 signed payment callbacks. */
  paymentGatewaySecret: string;
  /**
   * Place search and naming positions for the app's choose-location page: 'simulated' (the
   * built-in offline gazetteer), 'disabled' (the calls answer that search is unavailable, and
   * agents type addresses by hand) or 'amap' (AMap's web service, providers.amap).
   */
  geocoder: 'simulated' | 'disabled' | 'amap';
  /** What this process does: 'all' (API and jobs), 'api' (API only) or 'jobs' (jobs only). */
  serverRole: 'all' | 'api' | 'jobs';
  /** When set, GET /metrics requires `Authorization: Bearer <token>`. */
  metricsToken: string;
  /** How long a shutdown may take to finish the requests and job batch in hand. */
  shutdownTimeoutMs: number;
  /** How long a job's claim outlives its holder: a crashed process's job resumes after this. */
  jobLeaseMs: number;
  /** Origins of the native shells, allowed to call the API across origins (CORS). */
  nativeOrigins: string[];
  /**
   * Addresses or CIDR ranges of the reverse proxies in front of this server: only a connection
   * from one of them may name the client in X-Forwarded-For. Empty: no proxy is trusted and the
   * client is the connection's own address.
   */
  trustedProxies: string[];
  /**
   * Raw Ed25519 public key (base64) that an uploaded hot update's signature must verify with (the
   * demo key unless set). The release machine signs; the server never holds the private key.
   */
  hotUpdatePublicKey: string;
  /** Operators sign in with a TOTP second factor (ADMIN_TOTP=false only for demos and tests). */
  adminTotp: boolean;
  /** An operator session ends this long after sign-in, however busy. */
  adminSessionHours: number;
  /** An operator session ends after this many minutes without a call. */
  adminIdleMinutes: number;
  /** Folder holding the built operators' console; served under /admin/ when present. */
  consoleDist: string;
  /** Where the outside parties' keys in use came from: the environment or the console. */
  providerKeys: ProviderKeySources;
  /**
   * Push notifications of the message centre (PUSH_SERVICE, decision 044): 'simulated' (the
   * built-in push service: each push goes to the server log and nowhere else), 'disabled' (the
   * app offers no push) or 'webpush' (Web Push to the browsers' push services, signed with the
   * VAPID keys; native devices as PUSH_NATIVE says).
   * Production refuses 'simulated'.
   */
  pushService: 'simulated' | 'disabled' | 'webpush';
  /**
   * The VAPID key pair (base64url: the 65-byte P-256 public key and the 32-byte private key) and
   * the contact (mailto: or https:) push services may reach. Empty keys: a pair is generated once
   * and kept in the database (the demo); production requires its own.
   */
  vapid: { publicKey: string; privateKey: string; subject: string };
  /**
   * Push endpoints on this machine over plain http are accepted (a local test push service);
   * always false in production, where every endpoint is https on a public host.
   */
  pushLocalEndpoints: boolean;
  /**
   * The native shell's push (PUSH_NATIVE, decision 044): 'simulated' (each push to a phone goes to
   * the server log; the default with PUSH_SERVICE=simulated, refused in production), 'disabled'
   * (no native subscriptions) or 'providers' (the default otherwise: FCM HTTP v1 for Android and
   * APNs for iOS, each where its keys are set).
   */
  nativePush: {
    mode: 'simulated' | 'disabled' | 'providers';
    /** FCM: the service account key (a file, or its JSON text) and the API's base URL. */
    fcm: { serviceAccountFile: string; serviceAccountJson: string; baseUrl: string };
    /**
     * APNs token-based auth: the .p8 signing key (a file, or its PEM text), its key id, the team
     * id, the app's bundle id (apns-topic), production or sandbox, and a base URL over those hosts.
     */
    apns: {
      keyFile: string;
      key: string;
      keyId: string;
      teamId: string;
      topic: string;
      production: boolean;
      baseUrl: string;
      /** Certificates trusted for the APNs host instead of the system's: set only by tests. */
      ca?: string[];
    };
  };
}

const bool = (v: string | undefined, fallback: boolean) =>
  v === undefined || v === '' ? fallback : !['0', 'false', 'off', 'no'].includes(v.toLowerCase());

/**
 * The configuration from the environment and, over it, the outside parties' keys approved in the
 * console (decision 041), which the server reads from its database at start.
 */
export function loadConfig(
  base: NodeJS.ProcessEnv = process.env,
  consoleKeys: Record<string, string> = {},
): Config {
  const env: NodeJS.ProcessEnv = { ...base, ...consoleKeys };
  return {
    providerKeys: providerKeySources(base, consoleKeys),
    port: Number(env.PORT ?? 8080),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? '',
    dataDir: env.PGLITE_DATA_DIR ?? path.join(REPO_ROOT, '.data/pglite'),
    captchaEnabled: bool(env.CAPTCHA_ENABLED, true),
    jwtSecret: env.JWT_SECRET ?? '',
    tokenTtlSeconds: Number(env.TOKEN_TTL_SECONDS ?? 7 * 24 * 3600),
    dataKey: env.DATA_KEY ?? 'pos-agent-demo-data-key-change-me',
    seedDemo: bool(env.SEED_DEMO, true),
    webDist: env.WEB_DIST ?? path.join(REPO_ROOT, 'apps/web/dist'),
    logLevel: env.LOG_LEVEL ?? 'info',
    scryptCost: Number(env.SCRYPT_COST ?? 16384),
    loginIpMax: Number(env.LOGIN_IP_MAX ?? 30),
    smsOutboxApi: bool(env.SMS_OUTBOX_API, true),
    acquirerSimDelayMs: Number(env.ACQUIRER_SIM_DELAY_MS ?? 3000),
    acquirerSimFailPattern: env.ACQUIRER_SIM_FAIL_PATTERN ?? '99$',
    acquirerTimeoutMs: Number(env.ACQUIRER_TIMEOUT_MS ?? 10 * 60 * 1000),
    acquirerSecret: env.ACQUIRER_SECRET ?? 'pos-acquirer-demo-secret-change-me',
    notifySecret: env.NOTIFY_SECRET ?? 'pos-notify-demo-secret-change-me',
    notifyRsaPublicKey: (env.NOTIFY_RSA_PUBLIC_KEY ?? '').replace(/\\n/g, '\n'),
    backgroundJobs: bool(env.BACKGROUND_JOBS, true),
    rankMaxAgeSeconds: Number(env.RANK_MAX_AGE_SECONDS ?? 300),
    settlementIntervalMs: Number(env.SETTLEMENT_INTERVAL_MS ?? 2000),
    simulateTraffic: bool(env.SIMULATE_TRAFFIC, false),
    simulateRatePerSecond: Number(env.SIMULATE_RATE ?? 0.5),
    withdrawFeeFen: Number(env.WITHDRAW_FEE_FEN ?? 300),
    withdrawTaxPpm: Number(env.WITHDRAW_TAX_PPM ?? 60000),
    mallOrderTimeoutMinutes: Number(env.MALL_ORDER_TIMEOUT_MINUTES ?? MALL_ORDER_TIMEOUT_MINUTES),
    paymentGateway: (env.PAYMENT_GATEWAY || 'simulated') as Config['paymentGateway'],
    wechatPay: (env.WECHATPAY_GATEWAY || env.PAYMENT_GATEWAY || 'simulated') as Config['wechatPay'],
    wechatPaySettings: loadWechatPaySettings(env),
    alipayGateway: (env.ALIPAY_GATEWAY ||
      env.PAYMENT_GATEWAY ||
      'simulated') as Config['alipayGateway'],
    payout: (env.PAYOUT || 'simulated') as Config['payout'],
    alipay: loadAlipaySettings(env),
    paymentGatewaySecret: env.PAYMENT_GATEWAY_SECRET ?? 'pos-gateway-demo-secret-change-me',
    smsGateway: (env.SMS_GATEWAY || 'simulated') as Config['smsGateway'],
    geocoder: (env.GEOCODER || 'simulated') as Config['geocoder'],
    identityVerifier: (env.IDENTITY_VERIFIER || 'simulated') as Config['identityVerifier'],
    providers: loadProviderSettings(env),
    serverRole: (env.SERVER_ROLE || 'all') as Config['serverRole'],
    metricsToken: env.METRICS_TOKEN ?? '',
    shutdownTimeoutMs: Number(env.SHUTDOWN_TIMEOUT_MS ?? 30_000),
    adminTotp: bool(env.ADMIN_TOTP, true),
    adminSessionHours: Number(env.ADMIN_SESSION_HOURS ?? 8),
    adminIdleMinutes: Number(env.ADMIN_IDLE_MINUTES ?? 30),
    consoleDist: env.CONSOLE_DIST ?? path.join(REPO_ROOT, 'apps/console/dist'),
    jobLeaseMs: Number(env.JOB_LEASE_MS ?? 15_000),
    hotUpdatePublicKey: (env.HOT_UPDATE_PUBLIC_KEY ?? '').trim() || DEMO_HOT_UPDATE_PUBLIC_KEY,
    trustedProxies: (env.TRUSTED_PROXIES ?? '')
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean),
    pushService: (env.PUSH_SERVICE || 'simulated') as Config['pushService'],
    vapid: {
      publicKey: (env.VAPID_PUBLIC_KEY ?? '').trim(),
      privateKey: (env.VAPID_PRIVATE_KEY ?? '').trim(),
      subject: (env.VAPID_SUBJECT ?? '').trim() || 'mailto:push@pos-agent.invalid',
    },
    pushLocalEndpoints: env.NODE_ENV !== 'production',
    nativePush: {
      mode: (env.PUSH_NATIVE ||
        ((env.PUSH_SERVICE || 'simulated') === 'simulated'
          ? 'simulated'
          : 'providers')) as Config['nativePush']['mode'],
      fcm: {
        serviceAccountFile: (env.PUSH_FCM_SERVICE_ACCOUNT_FILE ?? '').trim(),
        serviceAccountJson: (env.PUSH_FCM_SERVICE_ACCOUNT_JSON ?? '').trim(),
        baseUrl: (env.PUSH_FCM_BASE_URL ?? '').trim() || 'https://fcm.googleapis.com',
      },
      apns: {
        keyFile: (env.PUSH_APNS_KEY_FILE ?? '').trim(),
        key: (env.PUSH_APNS_KEY ?? '').replace(/\\n/g, '\n').trim(),
        keyId: (env.PUSH_APNS_KEY_ID ?? '').trim(),
        teamId: (env.PUSH_APNS_TEAM_ID ?? '').trim(),
        topic: (env.PUSH_APNS_TOPIC ?? '').trim(),
        production: bool(env.PUSH_APNS_PRODUCTION, env.NODE_ENV === 'production'),
        baseUrl: (env.PUSH_APNS_BASE_URL ?? '').trim(),
      },
    },
    nativeOrigins: (env.NATIVE_ORIGINS ?? 'capacitor://localhost,https://localhost')
      .split(',')
      .map((o) => o.trim())
      .filter(Boolean),
  };
}
