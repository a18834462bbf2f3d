import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./overlays', () => ({
  Toast: { show: vi.fn(), clear: vi.fn() },
  Dialog: { alert: vi.fn(() => Promise.resolve()) },
}));

const { afterLoginPath, login, logout } = await import('./session');

type Handler = (body: unknown) => { status?: number; body: unknown };

const fetchMock = vi.fn<typeof fetch>();

/** Answers each call by its path; an unknown path is a network failure. */
function serve(routes: Record<string, Handler>) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).replace('/prod-api', '').split('?')[0]!;
    const handler = routes[path];
    if (!handler) throw new TypeError('Failed to fetch');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    const out = handler(body);
    return new Response(JSON.stringify(out.body), { status: out.status ?? 200 });
  });
}

const get = (k: string) => {
  const raw = localStorage.getItem(k);
  return raw === null ? null : (JSON.parse(raw) as unknown);
};

const AGENT = {
  id: 2,
  mobile: '13800000001',
  name: '张总',
  levelName: 'V3',
  inviteCode: '10000001',
};
const ROLE = {
  user: { userId: 2, userName: '13800000001', nickName: '张总' },
  roles: ['agent'],
  permissions: [],
  isSpecificAccount: false,
};

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

describe('login()', () => {
  it('holds the token and loads role info, agent info and the policy list', async () => {
    serve({
      '/login/app': () => ({
        body: {
          code: 200,
          msg: '登录成功',
          token: 'tok',
          passwordCheck: false,
          mustChangePassword: false,
        },
      }),
      '/getInfo': () => ({ body: { code: 200, msg: 'ok', data: ROLE, ...ROLE } }),
      '/api/ag/my/center/info': () => ({ body: { code: 200, msg: 'ok', data: { info: AGENT } } }),
      '/api/ag/agent/open/policy/info': () => ({
        body: { code: 200, msg: 'ok', data: [{ id: 1 }] },
      }),
    });
    const result = await login({ username: '13800000001', password: 'demo123', remember: false });
    expect(result.mustChangePassword).toBe(false);
    expect(get('token')).toBe('tok');
    expect(get('user')).toEqual({ mobile: '13800000001' });
    expect(get('userInfo')).toEqual(AGENT);
    expect(get('userAdminInfo')).toMatchObject({ roles: ['agent'], isSpecificAccount: false });
    expect(get('isSpecificAccount')).toBe(false);
    expect(get('policyList')).toEqual([{ id: 1 }]);
    // The follow-up calls carry the new token.
    const infoCall = fetchMock.mock.calls.find(([u]) => String(u).includes('/center/info'))!;
    expect((infoCall[1]!.headers as Record<string, string>).Authorization).toBe('Bearer tok');
  });

  it('fails, holding nothing, unless the code is 200', async () => {
    serve({ '/login/app': () => ({ status: 400, body: { code: 400, msg: '账号或密码错误' } }) });
    await expect(login({ username: '13800000001', password: 'wrong1' })).rejects.toMatchObject({
      code: 400,
    });
    expect(get('token')).toBeNull();
    expect(get('user')).toBeNull();
  });

  it('stores no agent info without data, and [] when the policy call fails', async () => {
    serve({
      '/login/app': () => ({ body: { code: 200, msg: 'ok', token: 'tok' } }),
      '/getInfo': () => ({ body: { code: 200, msg: 'ok', ...ROLE } }),
      '/api/ag/my/center/info': () => ({ body: { code: 200, msg: 'ok', data: null } }),
    });
    await login({ username: '13800000001', password: 'demo123' });
    expect(get('token')).toBe('tok');
    expect(get('userInfo')).toBeNull();
    expect(get('policyList')).toEqual([]);
  });

  it('keeps a remembered credential, never the password, and replaces it at each login', async () => {
    let n = 0;
    const bodies: unknown[] = [];
    serve({
      '/login/app': (body) => {
        bodies.push(body);
        n += 1;
        return {
          body: {
            code: 200,
            msg: 'ok',
            token: `tok${n}`,
            passwordCheck: true,
            rememberToken: `r${n}`,
          },
        };
      },
      '/getInfo': () => ({ body: { code: 200, msg: 'ok', ...ROLE } }),
    });
    await login({ username: '13800000001', password: 'demo123', remember: true });
    expect(get('rememberPasswordUser')).toEqual({ username: '13800000001', rememberToken: 'r1' });
    expect(JSON.stringify(localStorage)).not.toContain('demo123');

    await login({ username: '13800000001', rememberToken: 'r1', remember: true });
    expect(bodies[1]).toMatchObject({ rememberToken: 'r1' });
    expect(bodies[1]).not.toHaveProperty('password');
    expect(get('rememberPasswordUser')).toEqual({ username: '13800000001', rememberToken: 'r2' });
  });

  it('forgets the remembered credential when the server does not flag passwordCheck', async () => {
    localStorage.setItem(
      'rememberPasswordUser',
      JSON.stringify({ username: '13800000001', rememberToken: 'old' }),
    );
    serve({
      '/login/app': () => ({ body: { code: 200, msg: 'ok', token: 'tok', passwordCheck: false } }),
    });
    await login({ username: '13800000001', password: 'demo123', remember: false });
    expect(get('rememberPasswordUser')).toBeNull();
  });

  it('forgets a remembered credential the server refuses', async () => {
    localStorage.setItem(
      'rememberPasswordUser',
      JSON.stringify({ username: '13800000001', rememberToken: 'spent' }),
    );
    serve({ '/login/app': () => ({ status: 400, body: { code: 400, msg: '账号或密码错误' } }) });
    await expect(
      login({ username: '13800000001', rememberToken: 'spent', remember: true }),
    ).rejects.toBeTruthy();
    expect(get('rememberPasswordUser')).toBeNull();
  });
});

describe('afterLoginPath()', () => {
  it('sends an initial password to be changed first', () => {
    expect(afterLoginPath({ mustChangePassword: true }, '/pages/earnings/index')).toBe(
      '/pages/myInfo/updatePassword/index?first=1',
    );
  });
  it('follows ?redirect= only inside the app', () => {
    expect(afterLoginPath({ mustChangePassword: false }, '/pages/earnings/index?a=1')).toBe(
      '/pages/earnings/index?a=1',
    );
    expect(afterLoginPath({ mustChangePassword: false }, 'https://evil.example/')).toBe(
      '/pages/home/home/index',
    );
    expect(afterLoginPath({ mustChangePassword: false }, '//evil.example/')).toBe(
      '/pages/home/home/index',
    );
    expect(afterLoginPath({ mustChangePassword: false }, '/pages/login/index')).toBe(
      '/pages/home/home/index',
    );
    expect(afterLoginPath({ mustChangePassword: false }, null)).toBe('/pages/home/home/index');
  });
});

describe('logout()', () => {
  it('ends the session on the server and clears token, user, userInfo and userAdminInfo', async () => {
    for (const k of ['token', 'user', 'userInfo', 'userAdminInfo', 'policyList']) {
      localStorage.setItem(k, JSON.stringify(k === 'token' ? 'tok' : {}));
    }
    serve({ '/api/logout': () => ({ body: { code: 200, msg: '退出成功' } }) });
    await logout({ relaunch: false });
    const call = fetchMock.mock.calls[0]!;
    expect(String(call[0])).toBe('/prod-api/api/logout');
    expect(call[1]!.method).toBe('POST');
    for (const k of ['token', 'user', 'userInfo', 'userAdminInfo', 'policyList'])
      expect(get(k)).toBeNull();
  });

  it('clears the device even when the server cannot be reached', async () => {
    localStorage.setItem('token', JSON.stringify('tok'));
    serve({});
    await logout({ relaunch: false });
    expect(get('token')).toBeNull();
  });
});
