import { createSign, generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { postPush } from './channel-helpers';
import { createTestContext } from './helpers';

/**
 * Channels in the console: keys shown masked, a change applied only once another operator
 * approves it (four eyes, audited, no key in clear anywhere), and a refused push replayed after
 * its cause is fixed.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = app.db;
const ops = await adminLogin(app, 'operations');
const admin = await adminLogin(app, 'super_admin');
const finance = await adminLogin(app, 'finance');

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const newPublic = pair.publicKey.export({ type: 'spki', format: 'pem' }) as string;
const newPrivate = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

const [t] = await rows<{ sn: string }>(
  db,
  sql`SELECT sn FROM terminals WHERE sn LIKE 'LD%' AND bind_status = 1 ORDER BY id LIMIT 1`,
);
function pushSignedWith(key: string) {
  const s = new Date(Date.now() + 8 * 3_600_000).toISOString();
  const f: Record<string, string> = {
    action: 'pos_order',
    tusn: t!.sn,
    transTime: `${s.slice(0, 10)} ${s.slice(11, 19)}`,
    orderNo: `ADM${Date.now()}${Math.random().toString(36).slice(2, 6)}`,
    transCardType: '01',
    amount: '5000',
  };
  const text = Object.keys(f)
    .sort()
    .map((k) => `${k}=${f[k]}`)
    .join('&');
  return JSON.stringify({ ...f, sign: createSign('RSA-SHA256').update(text).sign(key, 'base64') });
}

type ChannelView = {
  code: string;
  protocol: string;
  acquirerPublicKey: string | null;
  platformPrivateKey: string | null;
  brands: { name: string }[];
};

describe('the channels page', () => {
  it('lists the demo channels with their brands and keys masked', async () => {
    const res = await adminCall<{ items: ChannelView[]; protocols: string[] }>(
      app,
      finance,
      'GET',
      '/channels',
    );
    expect(res.status).toBe(200);
    const hx = res.body.data.items.find((c) => c.code === 'hengxintong')!;
    expect(hx.brands.map((b) => b.name)).toEqual(['联迪']);
    expect(hx.acquirerPublicKey).toMatch(/^….{8}$/);
    const ld = res.body.data.items.find((c) => c.code === 'liandong')!;
    expect(ld.platformPrivateKey).toMatch(/^….{8}$/);
    expect(JSON.stringify(res.body)).not.toMatch(/BEGIN/);
    expect(res.body.data.protocols).toContain('hengxintong');
  });

  it('a key change waits for a second operator; a push refused meanwhile is replayed once fixed', async () => {
    const early = await postPush(app, 'hengxintong', pushSignedWith(newPrivate));
    expect(early.statusCode).toBe(403);
    const [refused] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM channel_pushes WHERE outcome = 'refused' AND channel_code = 'hengxintong'
           ORDER BY id DESC LIMIT 1`,
    );

    const [ld] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands WHERE name = '联迪'`);
    const proposed = await adminCall<{ id: number }>(app, ops, 'POST', '/channels/propose', {
      code: 'hengxintong',
      name: '恒信通',
      protocol: 'hengxintong',
      enabled: true,
      ipAllow: [],
      brandIds: [Number(ld!.id)],
      acquirerPublicKey: newPublic,
    });
    expect(proposed.body.code).toBe(200);
    const id = proposed.body.data.id;
    // Nothing applied yet: the old key still verifies, the new one does not.
    expect((await postPush(app, 'hengxintong', pushSignedWith(newPrivate))).statusCode).toBe(403);

    const own = await adminCall(app, ops, 'POST', '/channels/changes/decide', {
      id,
      approve: true,
    });
    expect(own.status).toBe(400);
    const approved = await adminCall<{ status: number }>(
      app,
      admin,
      'POST',
      '/channels/changes/decide',
      {
        id,
        approve: true,
      },
    );
    expect(approved.body.data.status).toBe(1);
    expect((await postPush(app, 'hengxintong', pushSignedWith(newPrivate))).body).toBe(
      '{"code":0}',
    );

    const list = await adminCall<{ id: number; outcome: string }[]>(
      app,
      admin,
      'GET',
      '/channels/pushes?outcome=refused',
    );
    expect(list.body.data.map((p) => p.id)).toContain(Number(refused!.id));
    const replay = await adminCall<{ outcome: string }>(
      app,
      ops,
      'POST',
      '/channels/pushes/replay',
      {
        id: Number(refused!.id),
      },
    );
    expect(replay.body.data.outcome).toBe('accepted');
    const again = await adminCall<{ outcome: string }>(
      app,
      ops,
      'POST',
      '/channels/pushes/replay',
      {
        id: Number(refused!.id),
      },
    );
    expect(again.body.data.outcome).toBe('duplicate');

    const audits = await rows<{ action: string; after: unknown }>(
      db,
      sql`SELECT action, after FROM audit_logs WHERE action LIKE 'channel%' ORDER BY id`,
    );
    expect(audits.map((a) => a.action)).toEqual([
      'channel_change.propose',
      'channel.update',
      'channel_change.approve',
      'channel_push.replay',
      'channel_push.replay',
    ]);
    expect(JSON.stringify(audits)).not.toMatch(/BEGIN/);
  });

  it('refuses a malformed key and a role without the permission', async () => {
    const bad = await adminCall(app, ops, 'POST', '/channels/propose', {
      code: 'hengxintong',
      name: '恒信通',
      protocol: 'hengxintong',
      acquirerPublicKey: 'not a key',
    });
    expect(bad.body.field).toBe('acquirerPublicKey');
    const content = await adminLogin(app, 'content');
    expect((await adminCall(app, content, 'GET', '/channels')).status).toBe(403);
    expect((await adminCall(app, finance, 'POST', '/channels/propose', {})).status).toBe(403);
  });
});
