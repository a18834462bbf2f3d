import { MESSAGES } from '@pos/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The kit's Toast and Dialog are replaced by spies: what a user would see is what they were given.
const toastShow = vi.fn();
const dialogAlert = vi.fn(() => Promise.resolve());
vi.mock('./overlays', () => ({
  Toast: { show: (...a: unknown[]) => toastShow(...a), clear: vi.fn() },
  Dialog: { alert: (...a: unknown[]) => dialogAlert(...(a as [])) },
}));

const { ApiError, request, resetSessionExpiredForTests } = await import('./api-client');

const fetchMock = vi.fn<typeof fetch>();

function respond(body: unknown, status = 200) {
  fetchMock.mockResolvedValueOnce(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
  );
}

/** The headers of the nth fetch call, as a plain record. */
function sentHeaders(n = 0): Record<string, string> {
  const init = fetchMock.mock.calls[n]?.[1];
  return (init?.headers ?? {}) as Record<string, string>;
}

beforeEach(() => {
  localStorage.clear();
  vi.stubGlobal('fetch', fetchMock);
  resetSessionExpiredForTests();
});

afterEach(() => {
  fetchMock.mockReset();
  toastShow.mockReset();
  dialogAlert.mockClear();
  vi.unstubAllGlobals();
});

describe('request()', () => {
  it('sends the stored token as a Bearer header, under /prod-api, with credentials', async () => {
    localStorage.setItem('token', JSON.stringify('abc.def'));
    respond({ code: 200, msg: 'ok', data: { x: 1 } });
    const res = await request<{ x: number }>({ url: '/api/ag/my/center/info' });
    expect(res.data).toEqual({ x: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/prod-api/api/ag/my/center/info');
    expect(init?.credentials).toBe('include');
    expect(sentHeaders().Authorization).toBe('Bearer abc.def');
  });

  it('leaves the token out of a noToken call', async () => {
    localStorage.setItem('token', JSON.stringify('abc.def'));
    respond({ code: 200, msg: 'ok' });
    await request({ url: '/login/app', method: 'POST', data: { username: 'x' }, noToken: true });
    expect(sentHeaders().Authorization).toBeUndefined();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.method).toBe('POST');
    expect(sentHeaders()['Content-Type']).toBe('application/json');
    expect(init.body).toBe(JSON.stringify({ username: 'x' }));
  });

  it('sends the merchant token in a header named token on /app/api/scan paths only', async () => {
    localStorage.setItem('token', JSON.stringify('agent-token'));
    localStorage.setItem('tokenMerch', JSON.stringify('merchant-token'));
    respond({ code: 200, msg: 'ok' });
    respond({ code: 200, msg: 'ok' });
    await request({ url: '/app/api/scan/bind', params: { sn: 'A1' } });
    await request({ url: '/api/term-info/brandList' });
    expect(fetchMock.mock.calls[0]![0]).toBe('/prod-api/app/api/scan/bind?sn=A1');
    expect(sentHeaders(0).token).toBe('merchant-token');
    expect(sentHeaders(1).token).toBeUndefined();
    expect(sentHeaders(1).Authorization).toBe('Bearer agent-token');
  });

  it('drops empty query parameters', async () => {
    respond({ code: 200, msg: 'ok' });
    await request({ url: '/api/x', params: { a: 1, b: '', c: null, d: undefined, e: false } });
    expect(fetchMock.mock.calls[0]![0]).toBe('/prod-api/api/x?a=1&e=false');
  });

  it('on 401 shows the login-expired modal, then clears the session', async () => {
    for (const [k, v] of Object.entries({
      token: 't',
      user: { mobile: '1' },
      userInfo: {},
      userAdminInfo: {},
    })) {
      localStorage.setItem(k, JSON.stringify(v));
    }
    localStorage.setItem(
      'rememberPasswordUser',
      JSON.stringify({ username: '1', rememberToken: 'r' }),
    );
    respond({ code: 401, msg: '登录状态已过期' }, 401);
    await expect(request({ url: '/api/ag/my/center/info' })).rejects.toMatchObject({ code: 401 });
    expect(dialogAlert).toHaveBeenCalledTimes(1);
    expect(dialogAlert.mock.calls[0]).toEqual([
      expect.objectContaining({ content: MESSAGES.loginExpired }),
    ]);
    // The modal resolves, then the session goes.
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBeNull(), { timeout: 5000 });
    expect(localStorage.getItem('user')).toBeNull();
    expect(localStorage.getItem('userInfo')).toBeNull();
    expect(localStorage.getItem('userAdminInfo')).toBeNull();
    // Not part of the session: the remembered login survives a logout.
    expect(localStorage.getItem('rememberPasswordUser')).not.toBeNull();
    // A 401 is not also toasted.
    expect(toastShow).not.toHaveBeenCalled();
  });

  it('treats 403 like 401 and shows the modal only once for calls failing together', async () => {
    localStorage.setItem('token', JSON.stringify('t'));
    respond({ code: 403, msg: 'forbidden' }, 403);
    respond({ code: 401, msg: 'expired' }, 401);
    await Promise.allSettled([request({ url: '/a' }), request({ url: '/b' })]);
    expect(dialogAlert).toHaveBeenCalledTimes(1);
  });

  it('toasts the maintenance message on a network error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const err = await request({ url: '/api/x' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as InstanceType<typeof ApiError>).message).toBe(MESSAGES.network);
    expect(toastShow).toHaveBeenCalledWith(
      expect.objectContaining({ content: '服务器维护中，请稍后再试' }),
    );
  });

  it('toasts system error when the answer is not JSON', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>bad gateway</html>', { status: 502 }));
    await expect(request({ url: '/api/x' })).rejects.toBeInstanceOf(ApiError);
    expect(toastShow).toHaveBeenCalledWith(expect.objectContaining({ content: MESSAGES.system }));
  });

  it("toasts the server's message on a refusal, and rejects with its code and field", async () => {
    respond(
      {
        code: 400,
        msg: '账号或密码错误，还可尝试4次',
        err: 'WRONG_CREDENTIALS',
        field: 'password',
      },
      400,
    );
    const err = (await request({ url: '/login/app', data: {} }).catch(
      (e: unknown) => e,
    )) as InstanceType<typeof ApiError>;
    expect(err.code).toBe(400);
    expect(err.field).toBe('password');
    expect(toastShow).toHaveBeenCalledWith(
      expect.objectContaining({ content: '账号或密码错误，还可尝试4次' }),
    );
  });

  it('keeps quiet with noShowMsg', async () => {
    respond({ code: 404, msg: '数据不存在' }, 404);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(request({ url: '/a', noShowMsg: true })).rejects.toMatchObject({ code: 404 });
    await expect(request({ url: '/b', noShowMsg: true })).rejects.toMatchObject({ code: 0 });
    expect(toastShow).not.toHaveBeenCalled();
  });
});
