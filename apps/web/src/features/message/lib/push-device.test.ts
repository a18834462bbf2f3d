import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Env from '@/lib/env';

// In the native shell the switch is offered only where the server can push to this phone's
// platform: a server with an FCM key and no APNs key offers it on Android and not on an iPhone.

const device = vi.hoisted(() => ({ platform: 'ios' as 'ios' | 'android' }));
vi.mock('@/lib/env', async (importOriginal) => ({
  ...(await importOriginal<typeof Env>()),
  isNativeApp: () => true,
  appPlatform: () => device.platform,
}));
vi.mock('./native-push', () => ({
  nativePermission: async () => 'granted',
  registerNative: async () => 'fcm-token-1',
  unregisterNative: async () => undefined,
}));

const { readPushState } = await import('./push-device');

const reply = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify('t'));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/push/config')) {
        return reply({
          service: 'webpush',
          vapidPublicKey: null,
          native: true,
          nativePlatforms: ['android'],
        });
      }
      return reply({ rows: [] });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('readPushState in the native shell', () => {
  it('says the server cannot push to an iPhone when only Android has a provider', async () => {
    device.platform = 'ios';
    expect(await readPushState()).toEqual({ kind: 'off-server' });
  });

  it('offers the switch on an Android phone', async () => {
    device.platform = 'android';
    expect(await readPushState()).toEqual({ kind: 'off', simulated: false });
  });
});
