import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type * as Kit from 'antd-mobile';
import type * as Overlays from '@/lib/overlays';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const toastShow = vi.fn();
vi.mock('antd-mobile', async (importOriginal) => {
  const kit = await importOriginal<typeof Kit>();
  return {
    ...kit,
    Toast: { ...kit.Toast, show: (...a: unknown[]) => toastShow(...a), clear: vi.fn() },
  };
});
// The request client's toasts (the server's reason) come through the shell's overlays.
vi.mock('@/lib/overlays', async (importOriginal) => {
  const overlays = await importOriginal<typeof Overlays>();
  return {
    ...overlays,
    Toast: { ...overlays.Toast, show: (...a: unknown[]) => toastShow(...a), clear: vi.fn() },
  };
});

const { default: LoginPage } = await import('./login-page');

const fetchMock = vi.fn<typeof fetch>();
const loginBodies: unknown[] = [];

function serve(loginAnswer: { status?: number; body: unknown }) {
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input).replace('/prod-api', '').split('?')[0];
    if (path === '/captchaImage') {
      return new Response(
        JSON.stringify({
          code: 200,
          msg: 'ok',
          captchaEnabled: false,
          data: { captchaEnabled: false },
        }),
      );
    }
    if (path === '/login/app') {
      loginBodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(loginAnswer.body), { status: loginAnswer.status ?? 200 });
    }
    return new Response(JSON.stringify({ code: 200, msg: 'ok', data: null }));
  });
}

function renderLogin(path = '/pages/login/index') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/pages/login/index" element={<LoginPage />} />
          <Route path="/pages/home/home/index" element={<div>home tab</div>} />
          <Route
            path="/pages/myInfo/updatePassword/index"
            element={<div>change password page</div>}
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const input = (id: string) => document.getElementById(id) as HTMLInputElement;
const type = (id: string, value: string) => fireEvent.change(input(id), { target: { value } });
const submit = () => act(async () => fireEvent.click(screen.getByTestId('login-submit')));
/** Ticks (or unticks) the agreement box; the page keeps the tick while the app runs. */
function setAgreement(on: boolean) {
  const box = screen.getByTestId('agreement-checkbox');
  if (box.className.includes('adm-checkbox-checked') !== on) fireEvent.click(box);
}
const agree = () => setAgreement(true);

beforeEach(() => {
  localStorage.clear();
  loginBodies.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  serve({
    body: {
      code: 200,
      msg: '登录成功',
      token: 'tok',
      passwordCheck: false,
      mustChangePassword: false,
    },
  });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  toastShow.mockReset();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('names each empty field under it and sends nothing', async () => {
    renderLogin();
    await submit();
    expect(await screen.findByText('手机号码不能为空')).toBeTruthy();
    expect(screen.getByText('密码不能为空')).toBeTruthy();
    expect(loginBodies).toHaveLength(0);
  });

  it('checks the mobile and the password with the core validators', async () => {
    renderLogin();
    type('login-mobile', '12345678901');
    type('login-password', '123');
    await submit();
    expect(await screen.findByText('手机号码格式错误')).toBeTruthy();
    expect(screen.getByText('密码长度不能少于6位')).toBeTruthy();
    type('login-mobile', '17012345678');
    await submit();
    expect(await screen.findByText('手机号码不正确，请使用真实手机号码注册')).toBeTruthy();
  });

  it('asks for the agreement before signing in', async () => {
    renderLogin();
    setAgreement(false);
    type('login-mobile', '13800000001');
    type('login-password', 'demo123');
    await submit();
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(
        expect.objectContaining({ content: expect.stringContaining('隐私政策') }),
      ),
    );
    expect(loginBodies).toHaveLength(0);
  });

  it('signs in and opens the home tab', async () => {
    renderLogin();
    type('login-mobile', '13800000001');
    type('login-password', 'demo123');
    agree();
    await submit();
    expect(await screen.findByText('home tab')).toBeTruthy();
    expect(loginBodies[0]).toMatchObject({
      username: '13800000001',
      password: 'demo123',
      remember: false,
    });
    expect(JSON.parse(localStorage.getItem('token')!)).toBe('tok');
  });

  it('sends an initial password to the change-password page', async () => {
    serve({ body: { code: 200, msg: 'ok', token: 'tok', mustChangePassword: true } });
    renderLogin();
    type('login-mobile', '13800000001');
    type('login-password', 'demo123');
    agree();
    await submit();
    expect(await screen.findByText('change password page')).toBeTruthy();
  });

  it("stays on the page when the server refuses, showing the server's reason", async () => {
    serve({
      status: 400,
      body: { code: 400, msg: '账号或密码错误，还可尝试4次', field: 'password' },
    });
    renderLogin();
    type('login-mobile', '13800000001');
    type('login-password', 'wrong12');
    agree();
    await submit();
    await waitFor(() =>
      expect(toastShow).toHaveBeenCalledWith(
        expect.objectContaining({ content: '账号或密码错误，还可尝试4次' }),
      ),
    );
    expect(screen.queryByText('home tab')).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('fills a remembered mobile and signs in with the remembered credential, not a password', async () => {
    localStorage.setItem(
      'rememberPasswordUser',
      JSON.stringify({ username: '13800000001', rememberToken: 'r1' }),
    );
    serve({
      body: { code: 200, msg: 'ok', token: 'tok', passwordCheck: true, rememberToken: 'r2' },
    });
    renderLogin();
    expect(input('login-mobile').value).toBe('13800000001');
    expect(input('login-password').value).toBe('');
    expect(input('login-password').placeholder).toContain('已记住密码');
    agree();
    await submit();
    expect(await screen.findByText('home tab')).toBeTruthy();
    expect(loginBodies[0]).toMatchObject({
      username: '13800000001',
      rememberToken: 'r1',
      remember: true,
    });
    expect(loginBodies[0]).not.toHaveProperty('password');
    expect(JSON.parse(localStorage.getItem('rememberPasswordUser')!)).toEqual({
      username: '13800000001',
      rememberToken: 'r2',
    });
  });

  it('sends someone already signed in to the home tab', async () => {
    localStorage.setItem('token', JSON.stringify('tok'));
    renderLogin();
    expect(await screen.findByText('home tab')).toBeTruthy();
  });

  it('fills the mobile passed by the register page', () => {
    renderLogin('/pages/login/index?mobile=13912345678');
    expect(input('login-mobile').value).toBe('13912345678');
  });
});
