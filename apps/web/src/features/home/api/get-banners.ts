import { BANNER_TYPE, type Banner } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/**
 * The home banners (GET /api/ag/home/banner/list?bannerType=1). Only home banners that are shown
 * are kept, in display order; the server filters already, this keeps the page right regardless.
 */
export async function getHomeBanners(): Promise<Banner[]> {
  const res = await request<Banner[]>({
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
