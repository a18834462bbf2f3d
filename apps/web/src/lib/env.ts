import { MESSAGES, type AppPlatform } from '@pos/core';
import { Toast } from './overlays';

/**
 * Where the app is running (product spec section 1): inside the native app (Capacitor shell), in a
 * messaging app's built-in browser, or in an ordinary browser on Android, iOS or elsewhere.
 */
export type RunEnv = 'native' | 'messaging' | 'android' | 'ios' | 'other';

interface CapacitorGlobal {
  isNativePlatform?: () => boolean;
  getPlatform?: () => string;
}

function capacitor(): CapacitorGlobal | undefined {
  if (typeof window === 'undefined') return undefined;
  return (window as unknown as { Capacitor?: CapacitorGlobal }).Capacitor;
}

function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

/** True inside the packaged native app (the Capacitor shell answers isNativePlatform()). */
export function isNativeApp(): boolean {
  try {
    return capacitor()?.isNativePlatform?.() === true;
  } catch {
    return false;
  }
}

/** WeChat, QQ, DingTalk and Alipay all name themselves in the user agent of their web views. */
const MESSAGING_UA = /MicroMessenger|\bQQ\/|MQQBrowser.*\bQQ\b|DingTalk|AlipayClient|Alipay/i;

export function isMessagingApp(ua: string = userAgent()): boolean {
  return MESSAGING_UA.test(ua);
}

export function isAndroid(ua: string = userAgent()): boolean {
  return /Android|Adr\b/i.test(ua);
}

export function isIos(ua: string = userAgent()): boolean {
  // iPadOS 13+ reports itself as a Mac; a touch screen gives it away.
  const touchMac =
    /Macintosh/.test(ua) && typeof navigator !== 'undefined' && navigator.maxTouchPoints > 1;
  return /iPhone|iPad|iPod/i.test(ua) || touchMac;
}

/** The one environment the app is in; the native app wins over anything the user agent says. */
export function runEnv(ua: string = userAgent()): RunEnv {
  if (isNativeApp()) return 'native';
  if (isMessagingApp(ua)) return 'messaging';
  if (isAndroid(ua)) return 'android';
  if (isIos(ua)) return 'ios';
  return 'other';
}

/**
 * The platform the update check asks about: the native shell's own platform, or h5 for any
 * browser (a browser picks up a new build by reloading, never by installing).
 */
export function appPlatform(): AppPlatform {
  if (!isNativeApp()) return 'h5';
  const p = capacitor()?.getPlatform?.();
  if (p === 'ios') return 'ios';
  if (p === 'android') return 'android';
  return isIos() ? 'ios' : 'android';
}

/**
 * The gate of product spec section 8 for native-only features, today saving the share poster to
 * the photo album (features/team share-poster): outside the native app it toasts 请在App中使用 and
 * answers false. (Scanning uses the browser's camera and works everywhere; installing a full
 * package happens only in the Android shell, the popup opening the package's address elsewhere.)
 */
export function requireNativeApp(): boolean {
  if (isNativeApp()) return true;
  Toast.show({ content: MESSAGES.appOnly, duration: 2000 });
  return false;
}
