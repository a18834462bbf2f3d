import {
  LOGIN_PATH,
  STORAGE_KEYS,
  TAB_PATHS,
  type AgentInfo,
  type AgentInfoResponse,
  type LoginRequest,
  type LoginResponse,
  type RoleInfo,
} from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, request } from './api-client';
import { clearSession, getToken, storage } from './storage';

/**
 * The session's life: signing in (and what the app loads right after), the agent's own info that
 * several tabs show, and signing out. Product spec section 4: a login counts only when the
 * response code is 200; then the token is held and the role info, agent info and policy list are
 * fetched; logout clears the token, user, user info and role info.
 */

/** What the device keeps for "remember password": never the password, only a one-use credential. */
export interface RememberedUser {
  username: string;
  rememberToken: string;
}

export interface StoredUser {
  mobile: string;
}

export const CHANGE_PASSWORD_FIRST_PATH = '/pages/myInfo/updatePassword/index?first=1';

export function getRememberedUser(): RememberedUser | null {
  const r = storage.get<RememberedUser>(STORAGE_KEYS.rememberPasswordUser);
  return r && typeof r.username === 'string' && typeof r.rememberToken === 'string' ? r : null;
}

export function forgetRememberedUser() {
  storage.remove(STORAGE_KEYS.rememberPasswordUser);
}

export const getStoredUser = () => storage.get<StoredUser>(STORAGE_KEYS.user);

// ---------------------------------------------------------------------------------------------
// Agent info (GET /api/ag/my/center/info -> data.info)
// ---------------------------------------------------------------------------------------------

export const agentInfoKey = ['session', 'agent-info'] as const;

/** Reads the agent's own info; it is stored on the device only when code is 200 and data is there. */
export async function fetchAgentInfo(opts: { noShowMsg?: boolean } = {}): Promise<AgentInfo> {
  const res = await request<AgentInfoResponse>({
    url: '/api/ag/my/center/info',
    noShowMsg: opts.noShowMsg,
  });
  const info = res.data?.info;
  if (res.code !== 200 || !info) throw new ApiError(404, '暂无用户信息');
  storage.set(STORAGE_KEYS.userInfo, info);
  return info;
}

export const agentInfoQuery = () =>
  queryOptions({
    queryKey: agentInfoKey,
    queryFn: () => fetchAgentInfo(),
    // The copy kept on the device paints the header at once; the call then refreshes it.
    placeholderData: () => storage.get<AgentInfo>(STORAGE_KEYS.userInfo) ?? undefined,
  });

export const useAgentInfo = () => useQuery(agentInfoQuery());

// ---------------------------------------------------------------------------------------------
// Role info (GET /getInfo) and the policy list
// ---------------------------------------------------------------------------------------------

type RoleInfoEnvelope = Partial<RoleInfo> & { data?: Partial<RoleInfo> };

/** Role info arrives RuoYi style at the top level of the envelope, or inside data; both are read. */
export async function fetchRoleInfo(): Promise<Partial<RoleInfo>> {
  const res = await request<Partial<RoleInfo>, RoleInfoEnvelope>({
    url: '/getInfo',
    noShowMsg: true,
  });
  const src: Partial<RoleInfo> = res.data && typeof res.data === 'object' ? res.data : res;
  const info: Partial<RoleInfo> = {
    user: src.user,
    roles: src.roles ?? [],
    permissions: src.permissions ?? [],
    isSpecificAccount: Boolean(src.isSpecificAccount),
  };
  storage.set(STORAGE_KEYS.userAdminInfo, info);
  storage.set(STORAGE_KEYS.isSpecificAccount, info.isSpecificAccount);
  return info;
}

/** The agent's open policies; an agent without any (or a server without the call) stores []. */
export async function fetchPolicyList(): Promise<unknown[]> {
  let list: unknown[] = [];
  try {
    const res = await request<unknown>({ url: '/api/ag/agent/open/policy/info', noShowMsg: true });
    const data = res.data as unknown;
    if (Array.isArray(data)) list = data;
    else if (data && typeof data === 'object' && Array.isArray((data as { rows?: unknown }).rows)) {
      list = (data as { rows: unknown[] }).rows;
    }
  } catch {
    list = [];
  }
  storage.set(STORAGE_KEYS.policyList, list);
  return list;
}

// ---------------------------------------------------------------------------------------------
// Login and logout
// ---------------------------------------------------------------------------------------------

export interface LoginResult {
  mustChangePassword: boolean;
}

/**
 * Signs in and loads what the app needs afterwards. Rejects with ApiError (already toasted by the
 * request client) when the server answers anything but 200.
 *
 * The remembered credential is one-use on the server: a login with it consumes it and, when the
 * box stays ticked, hands back a new one that replaces the old. Any other outcome forgets it, so a
 * stale credential never lingers on the device.
 */
export async function login(input: LoginRequest): Promise<LoginResult> {
  let res: LoginResponse;
  try {
    res = await request<never, LoginResponse>({
      url: '/login/app',
      method: 'POST',
      data: input,
      noToken: true,
    });
  } catch (error) {
    // A refused remembered credential is spent or revoked: drop it so the user types the password.
    if (input.rememberToken) forgetRememberedUser();
    throw error;
  }
  if (res.code !== 200 || !res.token) throw new ApiError(res.code, res.msg || '登录失败');

  storage.set(STORAGE_KEYS.token, res.token);
  if (res.passwordCheck && res.rememberToken) {
    storage.set(STORAGE_KEYS.rememberPasswordUser, {
      username: input.username,
      rememberToken: res.rememberToken,
    } satisfies RememberedUser);
  } else {
    forgetRememberedUser();
  }
  storage.set(STORAGE_KEYS.user, { mobile: input.username } satisfies StoredUser);

  // The three reads are independent; a failure of one must not undo the sign-in.
  await Promise.allSettled([
    fetchRoleInfo(),
    fetchAgentInfo({ noShowMsg: true }),
    fetchPolicyList(),
  ]);
  return { mustChangePassword: Boolean(res.mustChangePassword) };
}

/**
 * Where to go after signing in: the change-password page while the password is an initial one,
 * else the page the user was sent away from (only a path inside this app), else the home tab.
 */
export function afterLoginPath(result: LoginResult, redirect: string | null): string {
  if (result.mustChangePassword) return CHANGE_PASSWORD_FIRST_PATH;
  if (
    redirect &&
    redirect.startsWith('/') &&
    !redirect.startsWith('//') &&
    !isLoginPath(redirect)
  ) {
    return redirect;
  }
  return TAB_PATHS.home;
}

function isLoginPath(path: string) {
  const p = path.split('?')[0];
  return p === '/' || p === LOGIN_PATH;
}

export const isLoggedIn = () => Boolean(getToken());

/**
 * Ends the session on the server (best effort: a dead network must not keep anyone signed in),
 * clears it on the device and relaunches at the login page, which also drops every cached query
 * of the previous user.
 */
export async function logout(opts: { mobile?: string; relaunch?: boolean } = {}) {
  if (getToken()) {
    try {
      await request({ url: '/api/logout', method: 'POST', noShowMsg: true });
    } catch {
      // The token is dropped below either way; the server's session expires on its own.
    }
  }
  clearSession();
  if (opts.relaunch === false) return;
  const qs = opts.mobile ? `?mobile=${encodeURIComponent(opts.mobile)}` : '';
  window.location.replace(`${LOGIN_PATH}${qs}`);
}
