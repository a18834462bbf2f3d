import type { PageRoutes } from '@/lib/routing';

/** The mine tab and the agent's own profile. */
export const mineRoutes: PageRoutes = {
  '/pages/myInfo/index': { load: () => import('./pages/mine-page') },
  '/pages/myInfo/baseInfo/index': { load: () => import('./pages/base-info-page') },
};
