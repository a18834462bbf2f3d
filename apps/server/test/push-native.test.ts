import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import webpush from 'web-push';
import { loadConfig } from '../src/config';
import { rows } from '../src/db/client';
import { createMessage } from '../src/modules/message/messages';
import { pushesSettled } from '../src/modules/push/deliver';
import { FcmProvider, parseServiceAccount, type ServiceAccount } from '../src/modules/push/fcm';
import { configProblems } from '../src/ops/config-check';
import { startFakeApns } from './fakes/apns-fake';
import { startFakeFcm } from './fakes/fcm-fake';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// The native shell's push (decision 044): Android devices through FCM HTTP v1 (a service
// account's OAuth 2.0 token from google-auth-library, then messages:send), iOS devices through
// APNs (token-based ES256 JWT over HTTP/2, by @parse/node-apn), each against a local stand-in
// speaking the provider's published protocol. A product event reaches the phone with its title,
// body and the page to open; a token the provider says is gone is dropped; a 5xx is tried again
// and the device kept.

/** Deliveries wait for the providers; a loaded machine may take a while. */
const WAITS = 180_000;
const TOPIC = 'com.example.posagent';

const fcm = await startFakeFcm();
const apns = await startFakeApns({ topic: TOPIC });
const dir = mkdtempSync(path.join(tmpdir(), 'push-native-'));
const serviceAccountFile = path.join(dir, 'service-account.json');
writeFileSync(serviceAccountFile, fcm.serviceAccountJson);

const { app, database } = await createTestContext({
  adminTotp: false,
  pushService: 'webpush',
  pushLocalEndpoints: true,
  nativePush: {
    mode: 'providers',
    fcm: { serviceAccountFile, serviceAccountJson: '', baseUrl: fcm.origin },
    apns: {
      keyFile: '',
      key: apns.key,
      keyId: apns.keyId,
      teamId: apns.teamId,
      topic: TOPIC,
      production: false,
      baseUrl: apns.origin,
      ca: [apns.ca],
    },
  },
});
const db = database.db;
const names = ['child', 'grandchild'] as const;
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

const call = async <T>(who: Who, method: 'GET' | 'POST', url: string, payload?: object) => {
  const res = await app.inject({
    method,
    url: `/prod-api/api/ag/push/${url}`,
    headers: bearer(tokens[who]),
    ...(payload ? { payload } : {}),
  });
  return res.json() as { code: number; msg: string; field?: string; data: T };
};
const androidToken = () =>
  `${randomBytes(11).toString('base64url')}:APA91b${randomBytes(60).toString('base64url')}`;
const iosToken = () => randomBytes(32).toString('hex');
const subscribe = async (who: Who, platform: 'android' | 'ios', token: string, lang = 'zh') => {
  const res = await call(who, 'POST', 'subscribe', { kind: 'native', token, platform, lang });
  expect(res.code, res.msg).toBe(200);
};
const endpoints = async (who: Who) =>
  (await call<{ rows: { endpoint: string }[] }>(who, 'GET', 'subscriptions')).data.rows.map(
    (r) => r.endpoint,
  );

let events = 0;
/** A product event for one agent (decision 043), committed: it is pushed to their devices. */
const productEvent = (who: Who, title: string, link: string) =>
  db.transaction((tx) =>
    createMessage(tx, {
      type: 1,
      title,
      body: `${title}，请查看`,
      important: false,
      target: 'agent',
      audience: '本人（业务提醒）',
      recipients: 1,
      expiryDays: 30,
      publishedBy: null,
      event: {
        agentId: ids[who],
        kind: 'withdrawal.paid',
        key: `withdrawal.paid:native-${++events}`,
        titleEn: `${title} (en)`,
        bodyEn: `${title}: have a look`,
        link,
      },
    }),
  );

/** Waits until `done` holds (or fails after a while), then for the pushes on their way. */
async function until(done: () => boolean) {
  for (let i = 0; i < 1500 && !done(); i++) await new Promise((r) => setTimeout(r, 100));
  expect(done()).toBe(true);
  await pushesSettled();
}

describe('the push configuration', () => {
  it('offers native push on both platforms', async () => {
    const res = await call<{ native: boolean; nativePlatforms: string[] }>(
      'child',
      'GET',
      'config',
    );
    expect(res.data.native).toBe(true);
    expect(res.data.nativePlatforms).toEqual(['android', 'ios']);
  });

  it('refuses an iOS token that is not an APNs device token', async () => {
    const res = await call('child', 'POST', 'subscribe', {
      kind: 'native',
      token: 'not-hexadecimal-token-0123456789',
      platform: 'ios',
    });
    expect(res.code).toBe(400);
    expect(res.field).toBe('token');
  });
});

describe('a product event', () => {
  it(
    'reaches an Android phone through FCM with its title, body and the page to open',
    async () => {
      const token = androidToken();
      await subscribe('grandchild', 'android', token, 'en');
      await productEvent('grandchild', '提现已到账', '/pages/withdrawal/index');
      await until(() => fcm.received.some((r) => r.token === token));
      expect(fcm.problems).toEqual([]);
      expect(fcm.tokenGrants).toBe(1);
      const got = fcm.received.find((r) => r.token === token)!;
      expect(got.notification).toEqual({
        title: '提现已到账 (en)',
        body: '提现已到账: have a look',
      });
      expect(got.data).toEqual({
        url: '/pages/withdrawal/index',
        tag: expect.stringMatching(/^message-\d+$/),
      });
      expect(got.android.priority).toBe('high');
      expect(got.android.ttl).toBe('86400s');
    },
    WAITS,
  );

  it(
    'reaches an iPhone through APNs with its title, body and the page to open',
    async () => {
      const token = iosToken();
      await subscribe('child', 'ios', token);
      await productEvent('child', '分润已入账', '/pages/wallet/index');
      await until(() => apns.received.some((r) => r.token === token));
      expect(apns.problems).toEqual([]);
      const got = apns.received.find((r) => r.token === token)!;
      expect(got.payload.aps.alert).toEqual({ title: '分润已入账', body: '分润已入账，请查看' });
      expect(got.payload.url).toBe('/pages/wallet/index');
      expect(got.headers.topic).toBe(TOPIC);
      expect(got.headers.pushType).toBe('alert');
      expect(got.headers.collapseId).toMatch(/^message-\d+$/);
      expect(Number(got.headers.expiration) * 1000).toBeGreaterThan(Date.now() + 23 * 3600_000);
    },
    WAITS,
  );
});

describe('a device the provider no longer knows', () => {
  it(
    'is dropped: FCM UNREGISTERED or an invalid token, APNs Unregistered or BadDeviceToken',
    async () => {
      const kept = androidToken();
      const unregistered = androidToken();
      const invalid = androidToken();
      const uninstalled = iosToken();
      const bad = iosToken();
      for (const t of [kept, unregistered, invalid]) await subscribe('grandchild', 'android', t);
      for (const t of [uninstalled, bad]) await subscribe('grandchild', 'ios', t);
      fcm.unregister(unregistered);
      fcm.invalidate(invalid);
      apns.unregister(uninstalled);
      apns.badToken(bad);
      await productEvent('grandchild', '已失效设备', '/pages/message/index');
      await until(
        () =>
          fcm.received.some((r) => r.token === kept) &&
          [unregistered, invalid].every((t) => fcm.attempts.get(t) === 1) &&
          [uninstalled, bad].every((t) => apns.attempts.get(t) === 1),
      );
      const left = await endpoints('grandchild');
      expect(left).toContain(kept);
      for (const t of [unregistered, invalid, uninstalled, bad]) expect(left).not.toContain(t);
    },
    WAITS,
  );
});

describe('a provider failing for a while', () => {
  it(
    'is tried again: a 503 once, then the notification arrives and the device stays',
    async () => {
      const android = androidToken();
      const ios = iosToken();
      await subscribe('child', 'android', android);
      await subscribe('child', 'ios', ios);
      fcm.fail(android, 1, 503);
      apns.fail(ios, 1, 503);
      await productEvent('child', '重试', '/pages/message/index');
      await until(
        () =>
          fcm.received.some((r) => r.token === android) &&
          apns.received.some((r) => r.token === ios),
      );
      expect(fcm.attempts.get(android)).toBe(2);
      expect(apns.attempts.get(ios)).toBe(2);
      expect(await endpoints('child')).toEqual(expect.arrayContaining([android, ios]));
    },
    WAITS,
  );

  it(
    'keeps the device when every try fails (5xx, 429): the failure is logged, nothing dropped',
    async () => {
      const android = androidToken();
      const ios = iosToken();
      await subscribe('child', 'android', android);
      await subscribe('child', 'ios', ios);
      fcm.fail(android, 100, 500);
      apns.fail(ios, 100, 429);
      await productEvent('child', '一直失败', '/pages/message/index');
      // FCM: three tries; APNs: the first and the package's three more.
      await until(() => fcm.attempts.get(android) === 3 && apns.attempts.get(ios) === 4);
      expect(fcm.received.some((r) => r.token === android)).toBe(false);
      expect(apns.received.some((r) => r.token === ios)).toBe(false);
      expect(await endpoints('child')).toEqual(expect.arrayContaining([android, ios]));
    },
    WAITS,
  );
});

describe('FCM errors that are not about the device', () => {
  const provider = new FcmProvider(
    parseServiceAccount(fcm.serviceAccountJson) as ServiceAccount,
    fcm.origin,
  );
  const payload = { title: 'T', body: 'B', url: '/pages/message/index', tag: 'message-1' };

  it('keeps the device when INVALID_ARGUMENT names a field of the message, not the token', async () => {
    const token = androidToken();
    fcm.answer(token, 400, {
      error: {
        code: 400,
        message: "Invalid value at 'message.data[0].value' (TYPE_STRING), 12",
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
            errorCode: 'INVALID_ARGUMENT',
          },
          {
            '@type': 'type.googleapis.com/google.rpc.BadRequest',
            fieldViolations: [{ field: 'message.data[0].value', description: 'not a string' }],
          },
        ],
      },
    });
    await expect(provider.send(token, payload)).rejects.toThrow('FCM answered 400');
    expect(fcm.attempts.get(token)).toBe(1);
  });

  it('keeps the device on SENDER_ID_MISMATCH (another project’s token: a configuration mistake)', async () => {
    const token = androidToken();
    fcm.answer(token, 403, {
      error: {
        code: 403,
        message: 'SenderId mismatch',
        status: 'PERMISSION_DENIED',
        details: [
          {
            '@type': 'type.googleapis.com/google.firebase.fcm.v1.FcmError',
            errorCode: 'SENDER_ID_MISMATCH',
          },
        ],
      },
    });
    await expect(provider.send(token, payload)).rejects.toThrow('FCM answered 403');
    expect(fcm.attempts.get(token)).toBe(1);
  });

  it('reuses its access token until it nears its end', async () => {
    const fresh = new FcmProvider(
      parseServiceAccount(fcm.serviceAccountJson) as ServiceAccount,
      fcm.origin,
    );
    const grants = fcm.tokenGrants;
    const token = androidToken();
    expect(await fresh.send(token, payload)).toBe('sent');
    expect(await fresh.send(token, payload)).toBe('sent');
    expect(fcm.tokenGrants).toBe(grants + 1);
  });
});

describe('the production configuration check', () => {
  const pair = webpush.generateVAPIDKeys();
  const base = {
    NODE_ENV: 'production',
    PUSH_SERVICE: 'webpush',
    VAPID_PUBLIC_KEY: pair.publicKey,
    VAPID_PRIVATE_KEY: pair.privateKey,
    VAPID_SUBJECT: 'mailto:ops@example.com',
  };
  const p8 = path.join(dir, 'AuthKey.p8');
  writeFileSync(
    p8,
    generateKeyPairSync('ec', { namedCurve: 'P-256' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString(),
  );
  const productionAccount = path.join(dir, 'production-account.json');
  writeFileSync(
    productionAccount,
    JSON.stringify({
      ...(JSON.parse(fcm.serviceAccountJson) as object),
      token_uri: 'https://oauth2.googleapis.com/token',
    }),
  );
  const native = {
    PUSH_FCM_SERVICE_ACCOUNT_FILE: productionAccount,
    PUSH_APNS_KEY_FILE: p8,
    PUSH_APNS_KEY_ID: 'ABC123DEFG',
    PUSH_APNS_TEAM_ID: 'TEAM123456',
    PUSH_APNS_TOPIC: TOPIC,
  };
  const problems = (env: Record<string, string>) =>
    configProblems(loadConfig({ ...base, ...env }), { ...base, ...env }).filter((p) =>
      /PUSH|VAPID|APNS|FCM/.test(p),
    );

  it('accepts FCM and APNs with their keys', () => {
    expect(problems(native)).toEqual([]);
    // As compose passes them: the key's PEM on one line with its breaks written \n, the JSON text.
    const {
      PUSH_APNS_KEY_FILE: _file,
      PUSH_FCM_SERVICE_ACCOUNT_FILE: _account,
      ...inline
    } = native;
    const oneLine = {
      ...inline,
      PUSH_APNS_KEY: readFileSync(p8, 'utf8').trim().replace(/\n/g, '\\n'),
      PUSH_FCM_SERVICE_ACCOUNT_JSON: readFileSync(productionAccount, 'utf8'),
    };
    expect(oneLine.PUSH_APNS_KEY).not.toContain('\n');
    expect(problems(oneLine)).toEqual([]);
    const config = loadConfig({ ...base, ...native });
    expect(config.nativePush.mode).toBe('providers');
    expect(config.nativePush.apns.production).toBe(true);
    expect(config.nativePush.fcm.baseUrl).toBe('https://fcm.googleapis.com');
  });

  it('refuses the simulated native provider beside a real web push', () => {
    expect(problems({ ...native, PUSH_NATIVE: 'simulated' })).toEqual([
      expect.stringContaining('PUSH_NATIVE=simulated'),
    ]);
    expect(problems({ PUSH_NATIVE: 'simulated', PUSH_SERVICE: 'disabled' })).toEqual([]);
    expect(problems({ PUSH_NATIVE: 'fcm' })).toEqual([
      expect.stringContaining('PUSH_NATIVE must be'),
    ]);
  });

  it('names the variable of a key that cannot work', () => {
    expect(
      problems({ ...native, PUSH_FCM_SERVICE_ACCOUNT_FILE: path.join(dir, 'none.json') }),
    ).toEqual([expect.stringContaining('PUSH_FCM_SERVICE_ACCOUNT_FILE cannot be read')]);
    expect(problems({ ...native, PUSH_FCM_SERVICE_ACCOUNT_FILE: p8 })).toEqual([
      expect.stringContaining('PUSH_FCM_SERVICE_ACCOUNT_FILE is not JSON'),
    ]);
    expect(
      problems({ PUSH_FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({ type: 'service_account' }) }),
    ).toEqual([expect.stringContaining('PUSH_FCM_SERVICE_ACCOUNT_JSON has no project_id')]);
    // The test's key names a token endpoint over plain http: not in production.
    expect(problems({ PUSH_FCM_SERVICE_ACCOUNT_FILE: serviceAccountFile })).toEqual([
      expect.stringContaining('token_uri'),
    ]);
    expect(problems({ PUSH_FCM_BASE_URL: 'http://fcm.example.com' })).toEqual([
      expect.stringContaining('PUSH_FCM_BASE_URL'),
    ]);
    expect(problems({ ...native, PUSH_APNS_KEY_ID: '' })).toEqual([
      expect.stringContaining('PUSH_APNS_KEY_ID'),
    ]);
    expect(problems({ PUSH_APNS_TOPIC: TOPIC })).toEqual([
      expect.stringContaining('PUSH_APNS_KEY_FILE'),
      expect.stringContaining('PUSH_APNS_KEY_ID'),
      expect.stringContaining('PUSH_APNS_TEAM_ID'),
    ]);
    expect(problems({ ...native, PUSH_APNS_KEY_FILE: productionAccount })).toEqual([
      expect.stringContaining('PUSH_APNS_KEY'),
    ]);
    expect(problems({ ...native, PUSH_APNS_BASE_URL: 'http://127.0.0.1:1' })).toEqual([
      expect.stringContaining('PUSH_APNS_BASE_URL'),
    ]);
  });
});
