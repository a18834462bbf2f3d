import { BANNER_TYPE, type Banner, type MallProduct, type MallWallet } from '@pos/core';
import { useQuery } from '@tanstack/react-query';
import { request } from '@/lib/api-client';
import { mallKeys } from './keys';

/** Products on sale, by brand (GET /api/mall/products). */
export const useMallProducts = () =>
  useQuery({
    queryKey: mallKeys.products(),
    queryFn: async () => (await request<MallProduct[]>({ url: '/api/mall/products' })).data ?? [],
  });

/** One product with its price tiers and stock; an unknown id shows the page's missing state. */
export const useMallProduct = (id: number) =>
  useQuery({
    queryKey: mallKeys.product(id),
    enabled: id > 0,
    queryFn: async () => {
      const res = await request<MallProduct>({
        url: '/api/mall/product',
        params: { id },
        quietMissing: true,
      });
      if (!res.data) throw new Error('empty response');
      return res.data;
    },
  });

/** The shop banners (banner type 2) that are shown. */
export const useShopBanners = () =>
  useQuery({
    queryKey: mallKeys.banners(),
    queryFn: async () =>
      (
        (
          await request<Banner[]>({
            url: '/api/ag/home/banner/list',
            params: { bannerType: BANNER_TYPE.SHOP },
          })
        ).data ?? []
      ).filter((b) => b.bannerType === BANNER_TYPE.SHOP && b.isShow),
  });

/** Goods balance, points, free-claim quota and the mall's rules. */
export const useMallWallet = () =>
  useQuery({
    queryKey: mallKeys.wallet(),
    queryFn: async () => {
      const res = await request<MallWallet>({ url: '/api/mall/wallet' });
      if (!res.data) throw new Error('empty response');
      return res.data;
    },
  });
