import type { AdminOperator, Envelope } from '@pos/core';
import { message } from 'antd';

const TOKEN_KEY = 'console.token';
export const API = '/prod-api/admin';

export const getToken = () => sessionStorage.getItem(TOKEN_KEY);
export const setToken = (t: string | null) =>
  t ? sessionStorage.setItem(TOKEN_KEY, t) : sessionStorage.removeItem(TOKEN_KEY);

export class ApiError extends Error {
  constructor(
    readonly code: number,
    msg: string,
    readonly field?: string,
  ) {
    super(msg);
  }
}

let onUnauthorized: () => void = () => undefined;
export const setUnauthorizedHandler = (fn: () => void) => {
  onUnauthorized = fn;
};

/**
 * The one place the console talks to the API: bearer token, envelope unwrapped, the server's
 * message shown for errors, 401 back to sign-in.
 */
export async function api<T>(
  path: string,
  opts: { method?: 'GET' | 'POST'; body?: unknown; quiet?: boolean } = {},
): Promise<T> {
  const token = getToken();
  const res = await fetch(`${API}${path}`, {
    method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const env = (await res
    .json()
    .catch(() => ({ code: res.status, msg: res.statusText }))) as Envelope<T>;
  if (env.code !== 200) {
    if (env.code === 401) {
      setToken(null);
      onUnauthorized();
    }
    if (!opts.quiet) void message.error(env.msg);
    throw new ApiError(env.code, env.msg, env.field);
  }
  return env.data as T;
}

/** Downloads a list as CSV with the same filters (the token goes in the header, not the URL). */
export async function downloadCsv(path: string, params: Record<string, unknown>, name: string) {
  const qs = toQuery({ ...params, format: 'csv' });
  const res = await fetch(`${API}${path}?${qs}`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (!res.ok) {
    void message.error('导出失败');
    return;
  }
  const blob = await res.blob();
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `${name}.csv`;
  a.click();
  URL.revokeObjectURL(a.href);
}

export function toQuery(params: Record<string, unknown>) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (v === undefined || v === null || v === '') continue;
    q.set(k, String(v));
  }
  return q.toString();
}

export type { AdminOperator };
export const yuan = (fen: number) =>
  `${fen < 0 ? '-' : ''}${(Math.abs(fen) / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
