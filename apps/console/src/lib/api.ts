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

/**
 * Downloads a list with the same filters as CSV or as an .xlsx sheet (the token goes in the
 * header, not the URL).
 */
export async function downloadCsv(
  path: string,
  params: Record<string, unknown>,
  name: string,
  file: 'csv' | 'xlsx' = 'csv',
) {
  const qs = toQuery({ ...params, format: 'csv', ...(file === 'xlsx' ? { file } : {}) });
  const res = await fetch(`${API}${path}?${qs}`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (!res.ok) {
    void message.error('导出失败');
    return;
  }
  // A list over the console's at-once limit is written in the background: the server answers
  // with that instead of the file, and the file is in 导出任务 once done.
  if (String(res.headers.get('content-type')).includes('application/json')) {
    const env = (await res.json()) as Envelope<{ background?: boolean }>;
    if (env.code === 200 && env.data?.background) void message.info(env.msg, 6);
    else void message.error(env.msg || '导出失败');
    return;
  }
  saveBlob(await res.blob(), `${name}.${file}`);
}

/** Hands a file to the browser as a download under its name. */
export function saveBlob(blob: Blob, fileName: string) {
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = fileName;
  a.click();
  URL.revokeObjectURL(a.href);
}

/** Downloads one of the operator's background exports (the token goes in the header). */
export async function downloadExport(id: number, fileName: string) {
  const res = await fetch(`${API}/exports/download?id=${id}`, {
    headers: { authorization: `Bearer ${getToken() ?? ''}` },
  });
  if (!res.ok) {
    void message.error('下载失败');
    return;
  }
  saveBlob(await res.blob(), fileName);
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
