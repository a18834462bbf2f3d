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
  const res = await request<AppConfig | null>({
    url: '/api/ag/app/param/getByDomain',
    method: 'POST',
    data: { domain },
    noToken: true,
    noShowMsg: true,
  });
  return res.data ?? null;
}

export const appConfigKey = ['app-config'] as const;

export const appConfigQuery = () =>
  queryOptions({ queryKey: appConfigKey, queryFn: () => getAppConfig(), staleTime: 10 * 60_000 });

export const useAppConfig = () => useQuery(appConfigQuery());
