import { readFileSync } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { ApnsProvider } from './apns';
import { FcmProvider, parseServiceAccount, type ServiceAccount } from './fcm';
import type { NativePushProvider, PushOutcome, PushPayload } from './sender';

export type NativePlatform = 'android' | 'ios';

/** One platform's provider: FCM for Android, APNs for iOS. */
export interface PlatformProvider {
  send(token: string, payload: PushPayload): Promise<PushOutcome>;
  close?(): Promise<void>;
}

/** The native push of this process: which platforms it reaches, and through what. */
export interface NativePush extends NativePushProvider {
  platforms: NativePlatform[];
  close(): Promise<void>;
}

/** The FCM service account, from PUSH_FCM_SERVICE_ACCOUNT_JSON or _FILE; null when neither. */
export function fcmServiceAccount(
  config: Config,
): { account: ServiceAccount } | { problem: string } | null {
  const { serviceAccountJson, serviceAccountFile } = config.nativePush.fcm;
  let text: string;
  let name: string;
  if (serviceAccountJson) {
    text = serviceAccountJson;
    name = 'PUSH_FCM_SERVICE_ACCOUNT_JSON';
  } else if (serviceAccountFile) {
    name = 'PUSH_FCM_SERVICE_ACCOUNT_FILE';
    try {
      text = readFileSync(serviceAccountFile, 'utf8');
    } catch (error) {
      return { problem: `${name} cannot be read: ${(error as Error).message}` };
    }
  } else {
    return null;
  }
  const account = parseServiceAccount(text);
  return typeof account === 'string'
    ? { problem: `${name} ${account} (the service account key from the Firebase console)` }
    : { account };
}

/** The APNs .p8 key, from PUSH_APNS_KEY or PUSH_APNS_KEY_FILE; null when neither. */
export function apnsKey(config: Config): { key: string } | { problem: string } | null {
  const { key, keyFile } = config.nativePush.apns;
  if (key) return { key };
  if (!keyFile) return null;
  try {
    return { key: readFileSync(keyFile, 'utf8') };
  } catch (error) {
    return { problem: `PUSH_APNS_KEY_FILE cannot be read: ${(error as Error).message}` };
  }
}

/** Native push through one provider per platform; a platform without one is refused. */
class ProviderPush implements NativePush {
  constructor(private readonly providers: Partial<Record<NativePlatform, PlatformProvider>>) {}

  get platforms() {
    return (Object.keys(this.providers) as NativePlatform[]).sort();
  }

  send(token: string, platform: NativePlatform, payload: PushPayload): Promise<PushOutcome> {
    const provider = this.providers[platform];
    if (!provider) return Promise.reject(new Error(`no push provider for ${platform}`));
    return provider.send(token, payload);
  }

  async close() {
    await Promise.all(Object.values(this.providers).map((p) => p.close?.()));
  }
}

/**
 * The simulated native push (PUSH_NATIVE=simulated): each notification to a phone goes to the
 * server log and nowhere else. Production refuses it (push-config.ts).
 */
class SimulatedNativePush implements NativePush {
  readonly platforms: NativePlatform[] = ['android', 'ios'];

  constructor(private readonly log: FastifyBaseLogger) {}

  send(token: string, platform: NativePlatform, payload: PushPayload): Promise<PushOutcome> {
    this.log.info(
      { push: { platform, token: `${token.slice(0, 8)}…`, payload } },
      'simulated native push notification',
    );
    return Promise.resolve('sent');
  }

  close() {
    return Promise.resolve();
  }
}

/**
 * The native push PUSH_NATIVE names: simulated, none (disabled), or FCM for Android and APNs for
 * iOS, each where its keys are set. Settings that cannot work throw (the configuration check
 * names them first).
 */
export function nativePushFromConfig(config: Config, log: FastifyBaseLogger): NativePush | null {
  const { mode, fcm, apns } = config.nativePush;
  if (mode === 'disabled') return null;
  if (mode === 'simulated') return new SimulatedNativePush(log);
  const providers: Partial<Record<NativePlatform, PlatformProvider>> = {};
  const account = fcmServiceAccount(config);
  if (account && 'problem' in account) throw new Error(account.problem);
  if (account) providers.android = new FcmProvider(account.account, fcm.baseUrl);
  const key = apnsKey(config);
  if (key && 'problem' in key) throw new Error(key.problem);
  if (key) providers.ios = new ApnsProvider({ ...apns, key: key.key });
  return Object.keys(providers).length ? new ProviderPush(providers) : null;
}
