import type { AppPlatform, AppUpdate } from '@pos/core';
import { request } from '@/lib/api-client';
import { currentVersion } from '@/lib/hot-update';

/** GET /app/api/check/app/update: the newer version for this platform, or null when current. */
export async function checkAppUpdate(
  platform: AppPlatform,
  version: string = currentVersion(),
): Promise<AppUpdate | null> {
  const res = await request<AppUpdate | null>({
    url: '/app/api/check/app/update',
    params: { version, platform },
    noShowMsg: true,
  });
  return res.data ?? null;
}
