import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { loadConfig } from '../src/config';
import { adminLogin } from './admin-helpers';
import { bearer, createTestContext } from './helpers';
import { multipart, pngOf } from './upload-helpers';

/**
 * The client's address (login limits, audit log) is the connection's own unless the connection
 * comes from a proxy named in TRUSTED_PROXIES: a forged X-Forwarded-For changes nothing.
 */
const PROXY = '10.20.0.1';
const direct = await createTestContext({ loginIpMax: 3, adminTotp: false });
const proxied = await createTestContext({
  loginIpMax: 3,
  adminTotp: false,
  trustedProxies: [PROXY, '192.168.50.0/24'],
});

// Each try names another (unknown) mobile, so no account lock gets in the way of the count.
let mobileSeq = 0;
const login = (app: FastifyInstance, remoteAddress: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: '/prod-api/login/app',
    payload: { username: `1371234${String(++mobileSeq).padStart(4, '0')}`, password: 'wrong-pass' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

/** Uploads a banner image as a content operator; answers the audit record's address. */
async function auditedAddress(app: FastifyInstance, remoteAddress: string, forwardedFor: string) {
  const token = await adminLogin(app, 'content');
  const file = pngOf(10, 10, Buffer.from(`${remoteAddress} ${forwardedFor}`));
  const body = multipart(file);
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/admin/files/upload',
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers, 'x-forwarded-for': forwardedFor },
    remoteAddress,
  });
  const id = (res.json() as { data: { id: number } }).data.id;
  const [row] = await rows<{ ip: string }>(
    app.db,
    sql`SELECT ip FROM audit_logs WHERE action = 'file.upload' AND target_id = ${String(id)}`,
  );
  return row?.ip;
}

describe('TRUSTED_PROXIES', () => {
  it('trusts no proxy by default', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: ' 10.0.0.1, 172.30.80.0/24 ,' }).trustedProxies).toEqual([
      '10.0.0.1',
      '172.30.80.0/24',
    ]);
  });

  it('by default, limits logins by the connection whatever X-Forwarded-For claims', async () => {
    for (let i = 1; i <= 3; i++) {
      const res = await login(direct.app, '10.30.0.1', `203.0.113.${i}`);
      expect(res.json().msg).toBe('账号或密码错误');
    }
    const fourth = await login(direct.app, '10.30.0.1', '203.0.113.99');
    expect(fourth.json().msg).toBe('登录尝试过于频繁，请稍后再试');
    // Another connection is its own client.
    expect((await login(direct.app, '10.30.0.2')).json().msg).toBe('账号或密码错误');
  });

  it('by default, records the connection in the audit log, not the forged address', async () => {
    expect(await auditedAddress(direct.app, '10.30.1.7', '198.51.100.23')).toBe('10.30.1.7');
  });

  it('behind a trusted proxy, takes the client the proxy names', async () => {
    for (let i = 1; i <= 4; i++) {
      const res = await login(proxied.app, PROXY, `203.0.113.${i}`);
      expect(res.json().msg).toBe('账号或密码错误');
    }
    // A client forging a header in front of the proxy is still limited by what the proxy saw.
    for (let i = 1; i <= 3; i++) {
      const res = await login(proxied.app, '192.168.50.9', `198.51.100.${i}, 203.0.113.50`);
      expect(res.json().msg).toBe('账号或密码错误');
    }
    const limited = await login(proxied.app, '192.168.50.9', '198.51.100.77, 203.0.113.50');
    expect(limited.json().msg).toBe('登录尝试过于频繁，请稍后再试');
    expect(await auditedAddress(proxied.app, PROXY, '198.51.100.23')).toBe('198.51.100.23');
  });

  it('ignores X-Forwarded-For from a connection that is not a trusted proxy', async () => {
    for (let i = 1; i <= 3; i++) await login(proxied.app, '10.40.0.1', `203.0.113.${100 + i}`);
    const fourth = await login(proxied.app, '10.40.0.1', '203.0.113.200');
    expect(fourth.json().msg).toBe('登录尝试过于频繁，请稍后再试');
    expect(await auditedAddress(proxied.app, '10.40.0.2', '198.51.100.24')).toBe('10.40.0.2');
  });
});
