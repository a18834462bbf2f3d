import type { PageRoutes } from '@/lib/routing';

/** My exports (我的导出): the lists I asked for as .xlsx, their progress and their files. */
export const exportsRoutes: PageRoutes = {
  '/pages/exports/index': { load: () => import('./pages/exports-page') },
};
