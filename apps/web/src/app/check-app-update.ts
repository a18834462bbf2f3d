import { APP_VERSION, type AppPlatform, type AppUpdate } from '@pos/core';
import { request } from '@/lib/api-client';

/** GET /app/api/check/app/update: the newer version for this platform, or null when current. */
export async function checkAppUpdate(
  platform: AppPlatform,
  version: string = APP_VERSION,
): Promise<AppUpdate | null> {
  const res = await request<AppUpdate | null>({
    url: '/app/api/check/app/update',
    params: { version, platform },
    noShowMsg: true,
  });
  return res.data ?? null;
}
