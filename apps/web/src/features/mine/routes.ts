import type { PageRoutes } from '@/lib/routing';
import { mineTabRoute } from './first-route';

/** The mine tab and the agent's own profile. */
export const mineRoutes: PageRoutes = {
  '/pages/myInfo/index': mineTabRoute,
  '/pages/myInfo/baseInfo/index': { load: () => import('./pages/base-info-page') },
};
