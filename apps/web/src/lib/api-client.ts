import {
  API_BASE_PATH,
  LOADING_HIDE_DELAY_MS,
  LOADING_TEXT_DELAY_MS,
  LOGIN_PATH,
  MERCHANT_TOKEN_HEADER,
  MESSAGES,
  REQUEST_TIMEOUT_MS,
  SCAN_PATH_MARKER,
  TOAST_DURATION_MS,
  STORAGE_KEYS,
  type Envelope,
} from '@pos/core';
import { currentLang } from './i18n';
import { clearSession, getToken, storage } from './storage';
import { Dialog, Toast } from './overlays';

export interface RequestOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Query-string parameters. */
  params?: Record<string, string | number | boolean | null | undefined>;
  /** JSON body, or FormData for uploads. */
  data?: unknown;
  /** Send without the bearer token (login and public calls). */
  noToken?: boolean;
  /** Do not toast the server's message when the call fails. */
  noShowMsg?: boolean;
  /**
   * A read of one record whose page shows its own missing-record state: an unknown or malformed
   * id is not toasted (any other failure still is).
   */
  quietMissing?: boolean;
  /** Show the loading indicator while the call runs. */
  loading?: boolean;
}

/** A failed call: the envelope's code and message, and the field the server named. */
export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly err?: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

const en = () => currentLang() === 'en';

// The loading indicator appears only for calls slower than LOADING_TEXT_DELAY_MS and is hidden
// LOADING_HIDE_DELAY_MS after the last one finishes, so quick calls never flash it.
let pending = 0;
let showTimer: ReturnType<typeof setTimeout> | undefined;
let hideTimer: ReturnType<typeof setTimeout> | undefined;
// Only the indicator this client opened is closed, so error toasts shown meanwhile stay up.
let indicator: { close: () => void } | undefined;
function loadingStart() {
  pending += 1;
  clearTimeout(hideTimer);
  if (pending === 1 && !indicator) {
    showTimer = setTimeout(() => {
      indicator = Toast.show({
        icon: 'loading',
        content: en() ? 'Loading...' : '加载中...',
        duration: 0,
      });
    }, LOADING_TEXT_DELAY_MS);
  }
}
function loadingEnd() {
  pending = Math.max(0, pending - 1);
  if (pending === 0) {
    clearTimeout(showTimer);
    hideTimer = setTimeout(() => {
      indicator?.close();
      indicator = undefined;
    }, LOADING_HIDE_DELAY_MS);
  }
}

let expiredShown = false;
/** 401/403: the login-expired modal once, then logout and a fresh start at the login page. */
async function sessionExpired() {
  if (expiredShown) return;
  expiredShown = true;
  await Dialog.alert({
    content: en() ? MESSAGES.loginExpiredEn : MESSAGES.loginExpired,
    confirmText: en() ? 'OK' : '确定',
  });
  clearSession();
  window.location.replace(LOGIN_PATH);
}

function toast(content: string) {
  // The kit keeps one toast at a time: this message replaces the loading indicator, which then
  // must not be closed by loadingEnd (that would close this message instead).
  indicator = undefined;
  Toast.show({ content, duration: TOAST_DURATION_MS });
}

/**
 * Where the API is. Empty in the browser (same origin as the app); the native shells load the app
 * from the device and are built with VITE_API_ORIGIN naming the server (scripts/native-sync.mjs).
 */
export const API_ORIGIN: string = import.meta.env.VITE_API_ORIGIN ?? '';

/**
 * An address the server hands out (a download, a bundle) made absolute against API_ORIGIN; one
 * with a scheme of its own (https:, itms-services:, market:) is kept as it is.
 */
export const absoluteUrl = (url: string) =>
  /^[a-z][a-z\d+.-]*:/i.test(url) ? url : `${API_ORIGIN}${url}`;

function buildUrl(url: string, params?: RequestOptions['params']) {
  const query = new URLSearchParams();
  for (const [k, v] of Object.entries(params ?? {})) {
    if (v !== undefined && v !== null && v !== '') query.set(k, String(v));
  }
  const qs = query.toString();
  return `${API_ORIGIN}${API_BASE_PATH}${url}${qs ? `?${qs}` : ''}`;
}

/**
 * The one place that talks to the API: base path, credentials, bearer token (or the merchant
 * token for scan calls), timeout, loading indicator, error toasts and session expiry.
 * Resolves with the whole envelope when code is 200, rejects with ApiError otherwise.
 */
export async function request<T = unknown, E extends object = object>(
  opts: RequestOptions,
): Promise<Envelope<T> & E> {
  const headers: Record<string, string> = { 'Accept-Language': en() ? 'en' : 'zh-CN' };
  if (opts.url.includes(SCAN_PATH_MARKER)) {
    const merchToken = storage.get<string>(STORAGE_KEYS.tokenMerch);
    if (merchToken) headers[MERCHANT_TOKEN_HEADER] = merchToken;
  }
  const token = getToken();
  if (!opts.noToken && token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.data instanceof FormData) body = opts.data;
  else if (opts.data !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.data);
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  if (opts.loading) loadingStart();
  let res: Response;
  try {
    res = await fetch(buildUrl(opts.url, opts.params), {
      method: opts.method ?? (opts.data === undefined ? 'GET' : 'POST'),
      headers,
      body,
      credentials: 'include',
      signal: controller.signal,
    });
  } catch {
    if (!opts.noShowMsg) toast(en() ? MESSAGES.networkEn : MESSAGES.network);
    throw new ApiError(0, en() ? MESSAGES.networkEn : MESSAGES.network, 'NETWORK');
  } finally {
    clearTimeout(timer);
    if (opts.loading) loadingEnd();
  }
  let envelope: Envelope<T> & E;
  try {
    envelope = (await res.json()) as Envelope<T> & E;
  } catch {
    if (!opts.noShowMsg) toast(en() ? MESSAGES.systemEn : MESSAGES.system);
    throw new ApiError(res.status, en() ? MESSAGES.systemEn : MESSAGES.system, 'SYSTEM');
  }
  if (envelope.code === 200) return envelope;
  if (envelope.code === 401 || envelope.code === 403) {
    void sessionExpired();
    throw new ApiError(envelope.code, envelope.msg, envelope.err);
  }
  if (
    envelope.err === 'PASSWORD_CHANGE_REQUIRED' &&
    !window.location.pathname.includes('updatePassword')
  ) {
    window.location.assign('/pages/myInfo/updatePassword/index?first=1');
  }
  const error = new ApiError(envelope.code, envelope.msg, envelope.err, envelope.field);
  const quiet = opts.noShowMsg || (opts.quietMissing && isMissingRecord(error));
  if (!quiet && envelope.msg) toast(envelope.msg);
  throw error;
}

/**
 * A record the server does not have for this agent: an unknown id (404, which is also what an
 * id outside the agent's scope answers) or one the server refused as malformed (400 naming an
 * id-like field).
 */
export function isMissingRecord(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.code === 404) return true;
  return error.code === 400 && /(^|\.)(id|sn|[a-z]+Id)$/i.test(error.field ?? '');
}

/** For tests: lets the expiry modal show again. */
export function resetSessionExpiredForTests() {
  expiredShown = false;
}
