import type { AppConfig } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * The app config of the domain the app runs on (POST /api/ag/app/param/getByDomain; no token,
 * silent): the share poster switch and the download addresses.
 */
export async function getAppConfig(): Promise<AppConfig | null> {
  const res = await request<AppConfig>({
    url: '/api/ag/app/param/getByDomain',
    method: 'POST',
    data: { domain: window.location.host },
    noToken: true,
    noShowMsg: true,
  });
  return res.data ?? null;
}

export const appConfigQuery = () =>
  queryOptions({
    queryKey: ['team', 'app-config', window.location.host],
    queryFn: getAppConfig,
    staleTime: 10 * 60_000,
  });

export const useAppConfig = () => useQuery(appConfigQuery());
