import { expect, type Page } from '@playwright/test';

export const DEMO = {
  operator: { mobile: '13800000000', password: 'admin123' },
  top: { mobile: '13800000001', password: 'demo123' },
  child: { mobile: '13800000002', password: 'demo123' },
  grandchild: { mobile: '13800000003', password: 'demo123' },
  otherTop: { mobile: '13900000001', password: 'demo123' },
} as const;

/** Signs in through the real login call and leaves the token where the app keeps it. */
export async function loginViaApi(page: Page, mobile: string, password = 'demo123') {
  const res = await page.request.post('/prod-api/login/app', {
    data: { username: mobile, password },
  });
  const body = (await res.json()) as { code: number; token?: string; msg: string };
  expect(body.code, body.msg).toBe(200);
  await page.goto('/pages/login/index');
  await page.evaluate((token) => {
    localStorage.setItem('token', JSON.stringify(token));
    localStorage.setItem('appVersion', JSON.stringify('1.1.2'));
  }, body.token!);
  return body.token!;
}

/** Calls the API as the given token (for arranging data a journey starts from). */
export async function api<T = unknown>(
  page: Page,
  token: string,
  method: 'GET' | 'POST',
  url: string,
  data?: unknown,
) {
  const res = await page.request.fetch(`/prod-api${url}`, {
    method,
    data,
    headers: { Authorization: `Bearer ${token}` },
  });
  return (await res.json()) as { code: number; msg: string; data: T };
}
