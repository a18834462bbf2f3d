import { STORAGE_KEYS } from '@pos/core';

type Key = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

/** Values kept on the device as JSON under the spec's key names (spec section 3). */
export const storage = {
  get<T>(key: Key): T | null {
    try {
      const raw = localStorage.getItem(key);
      return raw === null ? null : (JSON.parse(raw) as T);
    } catch {
      return null;
    }
  },
  set(key: Key, value: unknown) {
    localStorage.setItem(key, JSON.stringify(value));
  },
  remove(key: Key) {
    localStorage.removeItem(key);
  },
};

export const getToken = () => storage.get<string>(STORAGE_KEYS.token);

/** Logout clears the token, user, user info and role info (spec section 4). */
export function clearSession() {
  for (const key of [
    STORAGE_KEYS.token,
    STORAGE_KEYS.user,
    STORAGE_KEYS.userInfo,
    STORAGE_KEYS.userAdminInfo,
    STORAGE_KEYS.policyList,
    STORAGE_KEYS.tokenMerch,
    STORAGE_KEYS.isSpecificAccount,
  ]) {
    storage.remove(key);
  }
}
