import type { Banner } from '@pos/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';

/** One banner with its content (GET /api/ag/home/banner/detail?id=). */
export async function getBannerDetail(id: number): Promise<Banner | null> {
  const res = await request<Banner | null>({
    url: '/api/ag/home/banner/detail',
    quietMissing: true,
    params: { id },
    noShowMsg: true,
  });
  return res.data ?? null;
}

export const bannerDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['home', 'banner', id] as const,
    queryFn: () => getBannerDetail(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useBannerDetail = (id: number) => useQuery(bannerDetailQuery(id));
