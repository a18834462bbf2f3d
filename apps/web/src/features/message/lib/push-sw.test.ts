import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';

// The service worker's push handlers (public/push-sw.js, imported into the Workbox worker): a
// push shows the message as a notification; tapping it opens the message's page of this app.

const source = readFileSync(path.join(__dirname, '../../../../public/push-sw.js'), 'utf8');

function worker(windows: { url: string; focus: () => Promise<unknown> }[] = []) {
  const listeners: Record<string, (event: unknown) => void> = {};
  const self = {
    location: { origin: 'https://agent.example.com' },
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] = fn),
    registration: { showNotification: vi.fn(async () => undefined) },
    clients: {
      matchAll: vi.fn(async () => windows),
      openWindow: vi.fn(async () => null),
    },
  };
  new Function('self', 'URL', source)(self, URL);
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    let waited: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (waited = p) });
    await waited;
  };
  return { self, dispatch };
}

const pushEvent = (data: unknown) => ({ data: { json: () => data, text: () => '' } });

describe('push-sw.js', () => {
  it('shows a pushed message with its title, body, tag and page', async () => {
    const { self, dispatch } = worker();
    await dispatch(
      'push',
      pushEvent({
        title: '系统升级',
        body: '今晚升级',
        url: '/pages/message/detail?id=7',
        tag: 'message-7',
      }),
    );
    expect(self.registration.showNotification).toHaveBeenCalledWith('系统升级', {
      body: '今晚升级',
      tag: 'message-7',
      icon: '/static/icon-192.png',
      badge: '/static/icon-192.png',
      data: { url: '/pages/message/detail?id=7' },
    });
  });

  it('opens the message’s page when tapped, and never another site', async () => {
    const { self, dispatch } = worker();
    const close = vi.fn();
    await dispatch('notificationclick', {
      notification: { close, data: { url: '/pages/message/detail?id=7' } },
    });
    expect(close).toHaveBeenCalled();
    expect(self.clients.openWindow).toHaveBeenCalledWith(
      'https://agent.example.com/pages/message/detail?id=7',
    );
    await dispatch('notificationclick', {
      notification: { close, data: { url: 'https://evil.example.net/phish' } },
    });
    expect(self.clients.openWindow).toHaveBeenLastCalledWith(
      'https://agent.example.com/pages/message/index',
    );
  });

  it('brings an open window of the app to the page instead of opening another', async () => {
    const navigate = vi.fn(async () => undefined);
    const open = {
      url: 'https://agent.example.com/pages/home/index',
      focus: vi.fn(async () => open),
      navigate,
    };
    const { self, dispatch } = worker([open]);
    await dispatch('notificationclick', {
      notification: { close: vi.fn(), data: { url: '/pages/withdrawal/index' } },
    });
    expect(navigate).toHaveBeenCalledWith('https://agent.example.com/pages/withdrawal/index');
    expect(self.clients.openWindow).not.toHaveBeenCalled();
  });
});
