import { STORAGE_KEYS, type RoleInfo } from '@pos/core';
import { storage } from '@/lib/storage';

/**
 * Whether the signed-in account is a platform operator, from the role info stored at login.
 * Only decides what the screens offer; the server checks the role on every call.
 */
export function useIsOperator(): boolean {
  const info = storage.get<Partial<RoleInfo>>(STORAGE_KEYS.userAdminInfo);
  return Boolean(info?.roles?.includes('operator'));
}

/** The signed-in account's id, from the role info stored at login. */
export function useMyAgentId(): number | undefined {
  const info = storage.get<Partial<RoleInfo>>(STORAGE_KEYS.userAdminInfo);
  return info?.user?.userId;
}
