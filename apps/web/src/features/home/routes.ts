import type { PageRoutes } from '@/lib/routing';
import { homeTabRoute } from './first-route';

const bannerDetail = { load: () => import('./pages/banner-detail-page') };

/** The home tab, its banners and the notices. */
export const homeRoutes: PageRoutes = {
  '/pages/home/home/index': homeTabRoute,
  '/pages/home/home/bannerDetail': bannerDetail,
  '/pages/home/bannerDetail/bannerDetail': bannerDetail,
  '/pages/home/notice/notice': { load: () => import('./pages/notice-page') },
};
