import type { PageRoutes } from '@/lib/routing';

/** The business school (商学院): the list, one item, the favourites and the material library. */
export const schoolRoutes: PageRoutes = {
  '/pages/school/index': { load: () => import('./pages/school-list-page') },
  '/pages/school/detail': { load: () => import('./pages/school-detail-page') },
  '/pages/school/favorites': { load: () => import('./pages/school-favorites-page') },
  '/pages/school/materials': { load: () => import('./pages/school-materials-page') },
};
