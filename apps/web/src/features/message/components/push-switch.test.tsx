import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PushSwitch } from './push-switch';
import '../i18n';

// The message centre's push switch shows this device's real state and subscribes it with the
// server's VAPID key, telling the server; off unsubscribes at both ends.

const KEY =
  'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
let stored: { id: number; kind: 'web'; service: string; endpoint: string; createdAt: string }[] =
  [];
const posted: { url: string; body: unknown }[] = [];
let browserSub: ReturnType<typeof fakeSubscription> | null = null;

function fakeSubscription(endpoint: string) {
  return {
    endpoint,
    options: { applicationServerKey: null },
    toJSON: () => ({ endpoint, keys: { p256dh: 'BP256', auth: 'AUTH' } }),
    unsubscribe: vi.fn(async () => {
      browserSub = null;
      return true;
    }),
  };
}

const reply = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));

beforeEach(() => {
  stored = [];
  posted.length = 0;
  browserSub = null;
  localStorage.setItem('token', JSON.stringify('t'));
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      if (url.pathname.endsWith('/push/config')) {
        return reply({
          service: 'simulated',
          vapidPublicKey: KEY,
          native: true,
          nativePlatforms: ['android', 'ios'],
        });
      }
      if (url.pathname.endsWith('/push/subscriptions')) return reply({ rows: stored });
      posted.push({ url: url.pathname, body });
      if (url.pathname.endsWith('/push/subscribe')) {
        const row = {
          id: 1,
          kind: 'web' as const,
          service: 'push.example.com',
          endpoint: String(body!.endpoint),
          createdAt: '2026-11-28T02:00:00.000Z',
        };
        stored = [row];
        return reply(row);
      }
      stored = stored.filter((s) => s.endpoint !== body!.endpoint);
      return reply({ removed: true });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete (window as { PushManager?: unknown }).PushManager;
});

describe('PushSwitch', () => {
  it('says so where the browser cannot receive pushes, and cannot be turned on', async () => {
    render(<PushSwitch />);
    expect(await screen.findByText('此浏览器不支持推送通知')).toBeTruthy();
    expect(screen.getByRole('switch').getAttribute('aria-disabled')).toBe('true');
    expect(posted).toEqual([]);
  });

  it('subscribes the browser with the server key, and unsubscribes it when turned off', async () => {
    (window as { PushManager?: unknown }).PushManager = function PushManager() {};
    vi.stubGlobal('Notification', {
      permission: 'default',
      requestPermission: vi.fn(async () => 'granted'),
    });
    const subscribe = vi.fn(async (opts: { applicationServerKey: Uint8Array }) => {
      expect(opts.applicationServerKey.length).toBe(65);
      browserSub = fakeSubscription('https://push.example.com/send/abc');
      return browserSub;
    });
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => browserSub, subscribe },
        }),
      },
    });
    render(<PushSwitch />);
    expect(await screen.findByText('开启后，新消息会推送到本机')).toBeTruthy();
    expect(screen.getByTestId('push-simulated').textContent).toContain('模拟推送服务');
    fireEvent.click(screen.getByRole('switch'));
    expect(await screen.findByText('新消息会推送到本机')).toBeTruthy();
    expect(posted).toEqual([
      {
        url: '/prod-api/api/ag/push/subscribe',
        body: {
          kind: 'web',
          endpoint: 'https://push.example.com/send/abc',
          keys: { p256dh: 'BP256', auth: 'AUTH' },
          lang: 'zh',
        },
      },
    ]);
    const sub = browserSub!;
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(screen.getByTestId('push-switch').dataset.state).toBe('off'));
    expect(posted[1]).toEqual({
      url: '/prod-api/api/ag/push/unsubscribe',
      body: { endpoint: 'https://push.example.com/send/abc' },
    });
    expect(sub.unsubscribe).toHaveBeenCalled();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
});
