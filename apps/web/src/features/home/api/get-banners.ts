import { BANNER_TYPE, REQUEST_TIMEOUT_MS, type Banner } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

declare global {
  interface Window {
    /** Started by index.html when the app opens signed in at the home tab. */
    __earlyHomeBanners?: Promise<{ code: number; data?: Banner[] | null } | null>;
  }
}

/**
 * The list index.html asked for, once; anything but a good answer, or no answer within the time a
 * request is given, is asked again the normal way.
 */
function takeEarlyAnswer() {
  const early = window.__earlyHomeBanners;
  window.__earlyHomeBanners = undefined;
  if (!early) return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), REQUEST_TIMEOUT_MS);
  });
  return Promise.race([early, late]).finally(() => clearTimeout(timer));
}

/**
 * The home banners (GET /api/ag/home/banner/list?bannerType=1). Only home banners that are shown
 * are kept, in display order; the server filters already, this keeps the page right regardless.
 */
export async function getHomeBanners(): Promise<Banner[]> {
  const early = await takeEarlyAnswer();
  const res =
    early?.code === 200
      ? early
      : await request<Banner[]>({
          url: '/api/ag/home/banner/list',
          params: { bannerType: BANNER_TYPE.HOME },
          noShowMsg: true,
        });
  return (res.data ?? [])
    .filter((b) => b.bannerType === BANNER_TYPE.HOME && b.isShow)
    .sort((a, b) => a.sort - b.sort || a.id - b.id);
}

export const homeBannersKey = ['home', 'banners'] as const;

export const homeBannersQuery = () =>
  queryOptions({ queryKey: homeBannersKey, queryFn: getHomeBanners, staleTime: 5 * 60_000 });

export const useHomeBanners = () => useQuery(homeBannersQuery());
