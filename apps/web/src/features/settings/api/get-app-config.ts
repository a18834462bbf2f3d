import type { AppConfig } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * The app config of this domain (POST /api/ag/app/param/getByDomain): name, service phone,
 * download links and the server's app version. No token and no toast: it is read before anyone
 * signs in, and a page must still work without it.
 */
export async function getAppConfig(
  domain: string = window.location.hostname,
): Promise<AppConfig | null> {
  const early = takeEarlyAnswer(domain);
  if (early) {
    const body = await early;
    if (body?.code === 200) return body.data ?? null;
  }
  const res = await request<AppConfig | null>({
    url: '/api/ag/app/param/getByDomain',
    method: 'POST',
    data: { domain },
    noToken: true,
    noShowMsg: true,
  });
  return res.data ?? null;
}

declare global {
  interface Window {
    /**
     * Started by index.html before the scripts arrive. In the native shell it asks the app's own
     * local origin, gets no answer, and the app asks the server itself.
     */
    __earlyAppConfig?: Promise<{ code: number; data?: AppConfig | null } | null>;
  }
}

/** The answer index.html asked for, once, and only for this page's own domain. */
function takeEarlyAnswer(domain: string) {
  const early = window.__earlyAppConfig;
  window.__earlyAppConfig = undefined;
  return domain === window.location.hostname ? early : undefined;
}

export const appConfigKey = ['app-config'] as const;

export const appConfigQuery = () =>
  queryOptions({ queryKey: appConfigKey, queryFn: () => getAppConfig(), staleTime: 10 * 60_000 });

export const useAppConfig = () => useQuery(appConfigQuery());
