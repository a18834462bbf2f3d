import type { AppPlatform, AppUpdate } from '@pos/core';
import { request } from '@/lib/api-client';
import { currentVersion, wasRolledBack } from '@/lib/hot-update';

/**
 * GET /app/api/check/app/update: the newer version for this platform, or null when current or
 * when it is a hot bundle this device already tried and rolled back.
 */
export async function checkAppUpdate(
  platform: AppPlatform,
  version: string = currentVersion(),
): Promise<AppUpdate | null> {
  const res = await request<AppUpdate | null>({
    url: '/app/api/check/app/update',
    params: { version, platform },
    noShowMsg: true,
  });
  const update = res.data ?? null;
  if (update?.type === 'wgt' && wasRolledBack(update.version)) return null;
  return update;
}

type Listener = (update: AppUpdate) => void;
const listeners = new Set<Listener>();

/**
 * Offers an update found outside the start-up check (a manual check in settings): the app shell
 * listens and shows its update popup, the same one as at start.
 */
export function offerUpdate(update: AppUpdate): void {
  for (const l of listeners) l(update);
}

/** Listens for offered updates; returns the unsubscribe. */
export function onUpdateOffered(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
