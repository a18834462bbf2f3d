import type { PageRoutes } from '@/lib/routing';

/** The rankings (排行榜) of the agent's tree. */
export const rankRoutes: PageRoutes = {
  '/pages/rank/index': { load: () => import('./pages/rank-page') },
};
