import { createECDH } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../src/config';
import { rows } from '../src/db/client';
import { createMessage } from '../src/modules/message/messages';
import { pushesSettled } from '../src/modules/push/deliver';
import { endpointProblem } from '../src/modules/push/endpoint';
import { useNativePushProvider } from '../src/modules/push/push';
import type { PushPayload } from '../src/modules/push/sender';
import { configProblems } from '../src/ops/config-check';
import { adminCall, adminLogin } from './admin-helpers';
import { startFakePushService, type FakeBrowser } from './fakes/web-push-fake';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// Push notifications of the message centre (decision 044): an agent's browser subscribes with the
// server's VAPID key; a message published to it reaches a push service speaking the Web Push
// protocol (RFC 8030 POST with a TTL, RFC 8291 aes128gcm body, RFC 8292 VAPID signature), which
// decrypts it with the browser's private key; a dropped subscription (410) is deleted.

/** Deliveries wait for the push service; a loaded machine may take a while. */
const WAITS = 180_000;

const pushService = await startFakePushService();
const nativeSent: { token: string; platform: string; payload: PushPayload }[] = [];
useNativePushProvider({
  send: (token, platform, payload) => {
    nativeSent.push({ token, platform, payload });
    return Promise.resolve('sent');
  },
});
const { app, database, config } = await createTestContext({
  adminTotp: false,
  pushService: 'webpush',
  pushLocalEndpoints: true,
});
const db = database.db;
const names = ['child', 'grandchild', 'otherTop'] as const;
type Who = (typeof names)[number];
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
for (const who of names) {
  tokens[who] = await loginAs(app, DEMO_ACCOUNTS[who].mobile);
  const [a] = await rows<{ id: unknown }>(
    db,
    sql`SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS[who].mobile}`,
  );
  ids[who] = Number(a!.id);
}
const content = await adminLogin(app, 'content');

const call = async <T>(who: Who, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app.inject({
    method,
    url: `/prod-api/api/ag/push/${url}`,
    headers: bearer(tokens[who]),
    ...(payload ? { payload } : {}),
  });
  return res.json() as { code: number; msg: string; field?: string; data: T };
};
const subscribeWeb = (who: Who, b: FakeBrowser, lang: 'zh' | 'en' = 'zh') =>
  call<{ id: number; service: string }>(who, 'POST', 'subscribe', {
    kind: 'web',
    endpoint: b.endpoint,
    keys: b.keys,
    lang,
  });
const endpoints = async (who: Who) =>
  (await call<{ rows: { endpoint: string }[] }>(who, 'GET', 'subscriptions')).data.rows.map(
    (r) => r.endpoint,
  );
const publish = async (payload: Record<string, unknown>) => {
  const { body } = await adminCall<{ id: number }>(app, content, 'POST', '/messages/publish', {
    type: 2,
    expiryDays: 7,
    important: false,
    ...payload,
  });
  expect(body.code, body.msg).toBe(200);
  return body.data.id;
};
/** Waits until the push service has received `count` pushes (or fails after a minute). */
async function receivedAtLeast(count: number) {
  for (let i = 0; i < 1500 && pushService.received.length < count; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(pushService.received.length).toBeGreaterThanOrEqual(count);
  await pushesSettled();
}

const child = pushService.browser('child');
const other = pushService.browser('other');

describe('the VAPID key pair', () => {
  it('is offered to browsers, generated once and kept with its private half encrypted', async () => {
    const res = await call<{ service: string; vapidPublicKey: string; native: boolean }>(
      'child',
      'GET',
      'config',
    );
    expect(res.data.service).toBe('webpush');
    expect(res.data.native).toBe(true);
    const key = Buffer.from(res.data.vapidPublicKey, 'base64url');
    expect(key.length).toBe(65);
    const [stored] = await rows<{ value: string }>(
      db,
      sql`SELECT value FROM server_secrets WHERE name = 'vapid'`,
    );
    const pair = JSON.parse(stored!.value) as { publicKey: string; privateKey: string };
    expect(pair.publicKey).toBe(res.data.vapidPublicKey);
    const privateKey = app.cipher.decrypt(pair.privateKey);
    expect(pair.privateKey).not.toContain(privateKey);
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    expect(ecdh.getPublicKey().toString('base64url')).toBe(res.data.vapidPublicKey);
  });
});

describe('subscriptions', () => {
  it('stores an agent’s browser and lists it to that agent only', async () => {
    const res = await subscribeWeb('child', child);
    expect(res.code, res.msg).toBe(200);
    expect(res.data.service).toBe(new URL(pushService.origin).host);
    expect((await subscribeWeb('otherTop', other)).code).toBe(200);
    expect(await endpoints('child')).toEqual([child.endpoint]);
    expect(await endpoints('otherTop')).toEqual([other.endpoint]);
    expect(await endpoints('grandchild')).toEqual([]);
  });

  it('refuses endpoints that are not https on a public host, and malformed keys', async () => {
    for (const endpoint of [
      'http://push.example.com/send/1',
      'https://10.0.0.8/push/1',
      'https://192.168.1.20/push/1',
      'https://[::1]/push/1',
      'https://localhost/push/1',
      'https://user:pw@push.example.com/x',
      'javascript:alert(1)',
      'ftp://push.example.com/x',
    ]) {
      const res = await call('child', 'POST', 'subscribe', {
        kind: 'web',
        endpoint,
        keys: child.keys,
      });
      expect(res.code, endpoint).toBe(400);
      expect(res.field, endpoint).toBe('endpoint');
    }
    const bad = await call('child', 'POST', 'subscribe', {
      kind: 'web',
      endpoint: `${pushService.origin}/push/x`,
      keys: { p256dh: 'AAAA', auth: child.keys.auth },
    });
    expect(bad.code).toBe(400);
    expect(await endpoints('child')).toEqual([child.endpoint]);
  });

  it('in production, refuses this machine over http and hosts resolving to private addresses', async () => {
    const prod = { allowLocal: false, resolve: (h: string) => Promise.resolve(dns[h] ?? []) };
    const dns: Record<string, string[]> = {
      'fcm.googleapis.com': ['142.250.72.10'],
      'evil.example.com': ['93.184.216.34', '10.1.2.3'],
    };
    expect(await endpointProblem('https://fcm.googleapis.com/fcm/send/abc', prod)).toBeNull();
    expect(await endpointProblem(child.endpoint, prod)).not.toBeNull();
    expect(await endpointProblem('https://127.0.0.1/push/1', prod)).not.toBeNull();
    expect(await endpointProblem('https://[::ffff:10.0.0.1]/push/1', prod)).not.toBeNull();
    expect(await endpointProblem('https://[::ffff:a00:1]/push/1', prod)).not.toBeNull();
    expect(await endpointProblem('https://[fd00::1]/push/1', prod)).not.toBeNull();
    expect(await endpointProblem('https://evil.example.com/push', prod)).not.toBeNull();
    expect(await endpointProblem('https://unknown.example.com/push', prod)).not.toBeNull();
  });
});

describe('a published message', () => {
  it(
    'is pushed after the publication answered, encrypted to the browser and VAPID-signed',
    async () => {
      pushService.hold();
      const id = await publish({
        target: 'agents',
        agentIds: [ids.child],
        title: '系统升级通知',
        body: '今晚  22:00 系统升级',
      });
      // The publication has answered while the push service still holds its answer back.
      for (let i = 0; i < 1500 && pushService.received.length < 1; i++) {
        await new Promise((r) => setTimeout(r, 100));
      }
      pushService.release();
      await receivedAtLeast(1);
      expect(pushService.problems).toEqual([]);
      expect(pushService.received).toHaveLength(1);
      const push = pushService.received[0]!;
      expect(push.name).toBe('child');
      expect(push.payload).toEqual({
        title: '系统升级通知',
        body: '今晚 22:00 系统升级',
        url: `/pages/message/detail?id=${id}`,
        tag: `message-${id}`,
      });
      expect(push.ttl).toBe('86400');
      expect(push.encoding).toBe('aes128gcm');
      const { data } = await call<{ vapidPublicKey: string }>('child', 'GET', 'config');
      expect(push.vapidKey).toBe(data.vapidPublicKey);
      expect(push.jwt.aud).toBe(pushService.origin);
      expect(push.jwt.sub).toBe(config.vapid.subject);
      expect(push.jwt.exp * 1000).toBeGreaterThan(Date.now());
      expect(push.jwt.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3600 * 1000);
    },
    WAITS,
  );

  it(
    'reaches every subscribed agent it is aimed at, once',
    async () => {
      pushService.received.length = 0;
      await publish({ target: 'tree', treeAgentId: ids.otherTop, title: '致other团队', body: 'B' });
      await publish({ target: 'all', title: '致全体', body: 'A' });
      await receivedAtLeast(3);
      const got = pushService.received.map((r) => `${r.name}:${r.payload.title}`).sort();
      expect(got).toEqual(['child:致全体', 'other:致other团队', 'other:致全体']);
    },
    WAITS,
  );

  it(
    'deletes a subscription the push service says is gone, and keeps one that failed',
    async () => {
      pushService.received.length = 0;
      pushService.answer('other', 410);
      pushService.answer('child', 500);
      await publish({ target: 'all', title: '第二条', body: 'C' });
      await receivedAtLeast(2);
      expect(await endpoints('otherTop')).toEqual([]);
      expect(await endpoints('child')).toEqual([child.endpoint]);
      pushService.answer('child', 201);
    },
    WAITS,
  );
});

describe('a product event', () => {
  it(
    'is pushed in the language the device subscribed in and opens its page',
    async () => {
      const en = pushService.browser('grandchild');
      expect((await subscribeWeb('grandchild', en, 'en')).code).toBe(200);
      pushService.received.length = 0;
      await db.transaction((tx) =>
        createMessage(tx, {
          type: 1,
          title: '提现已到账',
          body: '您的提现已到账',
          important: false,
          target: 'agent',
          audience: '本人（业务提醒）',
          recipients: 1,
          expiryDays: 30,
          publishedBy: null,
          event: {
            agentId: ids.grandchild,
            kind: 'withdrawal.paid',
            key: 'withdrawal.paid:push-test',
            titleEn: 'Withdrawal paid',
            bodyEn: 'Your withdrawal has been paid',
            link: '/pages/withdrawal/index',
          },
        }),
      );
      await receivedAtLeast(1);
      expect(pushService.received.map((r) => [r.name, r.payload.title, r.payload.url])).toEqual([
        ['grandchild', 'Withdrawal paid', '/pages/withdrawal/index'],
      ]);
    },
    WAITS,
  );

  it(
    'is not pushed when its transaction rolls back',
    async () => {
      pushService.received.length = 0;
      await expect(
        db.transaction(async (tx) => {
          await createMessage(tx, {
            type: 1,
            title: '回滚',
            body: '不应推送',
            important: false,
            target: 'agent',
            audience: '本人（业务提醒）',
            recipients: 1,
            expiryDays: 30,
            publishedBy: null,
            event: {
              agentId: ids.grandchild,
              kind: 'withdrawal.paid',
              key: 'withdrawal.paid:rolled-back',
              titleEn: 'Rolled back',
              bodyEn: 'Never pushed',
              link: '/pages/withdrawal/index',
            },
          });
          throw new Error('roll back');
        }),
      ).rejects.toThrow('roll back');
      // A later message is heard after the rolled-back one would have been.
      await publish({ target: 'agents', agentIds: [ids.grandchild], title: '之后', body: 'D' });
      await receivedAtLeast(1);
      expect(pushService.received.map((r) => r.payload.title)).toEqual(['之后']);
    },
    WAITS,
  );
});

describe('native devices', () => {
  it(
    'get the message through the native provider with their token',
    async () => {
      const token = 'fcm-token-0123456789abcdef';
      const res = await call('grandchild', 'POST', 'subscribe', {
        kind: 'native',
        token,
        platform: 'android',
      });
      expect(res.code, res.msg).toBe(200);
      nativeSent.length = 0;
      pushService.received.length = 0;
      const id = await publish({
        target: 'agents',
        agentIds: [ids.grandchild],
        title: '原生',
        body: 'E',
      });
      await receivedAtLeast(1);
      expect(nativeSent).toEqual([
        {
          token,
          platform: 'android',
          payload: {
            title: '原生',
            body: 'E',
            url: `/pages/message/detail?id=${id}`,
            tag: `message-${id}`,
          },
        },
      ]);
    },
    WAITS,
  );
});

describe('unsubscribing', () => {
  it(
    'stops pushes to that device; another agent cannot remove it',
    async () => {
      const theirs = await call<{ removed: boolean }>('otherTop', 'POST', 'unsubscribe', {
        endpoint: child.endpoint,
      });
      expect(theirs.data.removed).toBe(false);
      expect(await endpoints('child')).toEqual([child.endpoint]);
      const mine = await call<{ removed: boolean }>('child', 'POST', 'unsubscribe', {
        endpoint: child.endpoint,
      });
      expect(mine.data.removed).toBe(true);
      expect(await endpoints('child')).toEqual([]);
      pushService.received.length = 0;
      await publish({ target: 'agents', agentIds: [ids.child], title: '不推送', body: 'F' });
      await publish({ target: 'agents', agentIds: [ids.grandchild], title: '推送', body: 'G' });
      await receivedAtLeast(1);
      expect(pushService.received.map((r) => `${r.name}:${r.payload.title}`)).toEqual([
        'grandchild:推送',
      ]);
    },
    WAITS,
  );
});

describe('the production configuration check', () => {
  const prodEnv = { NODE_ENV: 'production' };
  const pushProblems = (env: Record<string, string>) =>
    configProblems(loadConfig({ ...prodEnv, ...env }), { ...prodEnv, ...env }).filter((p) =>
      /PUSH|VAPID/.test(p),
    );

  it('refuses the simulated push service and a web push without its own keys', () => {
    expect(pushProblems({})).toEqual([expect.stringContaining('PUSH_SERVICE=simulated')]);
    expect(pushProblems({ PUSH_SERVICE: 'webpush' })).toHaveLength(2);
    expect(pushProblems({ PUSH_SERVICE: 'disabled' })).toEqual([]);
    expect(pushProblems({ PUSH_SERVICE: 'apns' })).toEqual([
      expect.stringContaining('PUSH_SERVICE must be'),
    ]);
  });

  it('accepts web push with a key pair of its own and a contact', () => {
    const pair = webpush.generateVAPIDKeys();
    const keys = {
      PUSH_SERVICE: 'webpush',
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
      VAPID_SUBJECT: 'mailto:ops@example.com',
    };
    expect(pushProblems(keys)).toEqual([]);
    expect(pushProblems({ ...keys, VAPID_PRIVATE_KEY: 'short' })).toEqual([
      expect.stringContaining('VAPID_PRIVATE_KEY'),
    ]);
  });
});
