import { currentLang } from '@/lib/i18n';
import { appPlatform, isNativeApp } from '@/lib/env';
import {
  fetchPushConfig,
  fetchPushSubscriptions,
  postPushSubscribe,
  postPushUnsubscribe,
} from '../api/push';
import { nativePermission, registerNative, unregisterNative } from './native-push';

/**
 * This device's push state, as the switch shows it: why push cannot be offered here, or whether
 * it is on (the browser or phone holds a subscription the server knows) or off.
 */
export type PushState =
  | { kind: 'unsupported' }
  | { kind: 'no-worker' }
  | { kind: 'off-server' }
  | { kind: 'denied' }
  | { kind: 'on' | 'off'; simulated: boolean };

const NATIVE_TOKEN_KEY = 'push.nativeToken';

/** The phone this shell runs on, as the server names push platforms. */
const nativePlatform = (): 'android' | 'ios' => (appPlatform() === 'ios' ? 'ios' : 'android');

export function webPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The VAPID key as the browser wants it: base64url to bytes. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** How long the switch waits for the app's service worker to register on a first visit. */
const WORKER_WAIT_MS = 4000;

/**
 * The app's service worker: the one registered, else the one registering now (a first visit),
 * else none (development, or a browser that refused it).
 */
async function registration(): Promise<ServiceWorkerRegistration | undefined> {
  const now = await navigator.serviceWorker.getRegistration();
  if (now) return now;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), WORKER_WAIT_MS)),
  ]);
}

export async function readPushState(): Promise<PushState> {
  const native = isNativeApp();
  if (!native && !webPushSupported()) return { kind: 'unsupported' };
  const config = await fetchPushConfig();
  const simulated = config.service === 'simulated';
  if (native) {
    if (!config.nativePlatforms.includes(nativePlatform())) return { kind: 'off-server' };
    if ((await nativePermission()) === 'denied') return { kind: 'denied' };
    const token = localStorage.getItem(NATIVE_TOKEN_KEY);
    const known = token && (await fetchPushSubscriptions()).some((s) => s.endpoint === token);
    return { kind: known ? 'on' : 'off', simulated };
  }
  if (!config.vapidPublicKey) return { kind: 'off-server' };
  if (Notification.permission === 'denied') return { kind: 'denied' };
  const reg = await registration();
  if (!reg) return { kind: 'no-worker' };
  const sub = await reg.pushManager.getSubscription();
  const known = sub && (await fetchPushSubscriptions()).some((s) => s.endpoint === sub.endpoint);
  return { kind: known ? 'on' : 'off', simulated };
}

/** Asks permission, subscribes this browser or phone and tells the server; the new state. */
export async function turnPushOn(): Promise<PushState> {
  const lang = currentLang();
  if (isNativeApp()) {
    const token = await registerNative();
    if (!token) return { kind: 'denied' };
    await postPushSubscribe({ kind: 'native', token, platform: nativePlatform(), lang });
    localStorage.setItem(NATIVE_TOKEN_KEY, token);
    return readPushState();
  }
  const config = await fetchPushConfig();
  if (!config.vapidPublicKey) return { kind: 'off-server' };
  if ((await Notification.requestPermission()) !== 'granted') return { kind: 'denied' };
  const reg = await registration();
  if (!reg) return { kind: 'no-worker' };
  const key = applicationServerKey(config.vapidPublicKey);
  let sub = await reg.pushManager.getSubscription();
  // A subscription made with another server key cannot be reused.
  const old = sub?.options.applicationServerKey;
  if (sub && old && !sameBytes(new Uint8Array(old), key)) {
    await sub.unsubscribe();
    sub = null;
  }
  sub ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = sub.toJSON();
  await postPushSubscribe({
    kind: 'web',
    endpoint: sub.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    lang,
  });
  return readPushState();
}

/** Unsubscribes this browser or phone, at the push service and at the server. */
export async function turnPushOff(): Promise<PushState> {
  if (isNativeApp()) {
    const token = localStorage.getItem(NATIVE_TOKEN_KEY);
    if (token) await postPushUnsubscribe(token);
    localStorage.removeItem(NATIVE_TOKEN_KEY);
    await unregisterNative();
    return readPushState();
  }
  const sub = await (await registration())?.pushManager.getSubscription();
  if (sub) {
    await postPushUnsubscribe(sub.endpoint);
    await sub.unsubscribe();
  }
  return readPushState();
}

function sameBytes(a: Uint8Array, b: Uint8Array) {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}
