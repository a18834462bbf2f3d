import { STORAGE_KEYS } from '@pos/core';
import { storage } from '@/lib/storage';

/** True when the version kept on the device is empty or not the server's (spec section 4). */
export function needsCacheClear(serverVersion: string | null | undefined): boolean {
  if (!serverVersion) return false;
  const local = storage.get<string>(STORAGE_KEYS.appVersion);
  return !local || local !== serverVersion;
}

/**
 * Drops what an older build may have left behind: the service worker's caches and the cached
 * system config. The session stays, so the user is not signed out by an update.
 */
async function clearCaches() {
  storage.remove(STORAGE_KEYS.systemConfig);
  try {
    if ('caches' in window) {
      const names = await caches.keys();
      await Promise.all(names.map((n) => caches.delete(n)));
    }
    if ('serviceWorker' in navigator) {
      const regs = await navigator.serviceWorker.getRegistrations();
      await Promise.all(regs.map((r) => r.update().catch(() => undefined)));
    }
  } catch {
    // Best effort: the reload below still fetches the new build.
  }
}

/**
 * What confirming the cache clear notice does: the server's version is stored and the page
 * reloads with the new build.
 */
export async function applyCacheClear(serverVersion: string) {
  await clearCaches();
  storage.set(STORAGE_KEYS.appVersion, serverVersion);
  window.location.reload();
}
