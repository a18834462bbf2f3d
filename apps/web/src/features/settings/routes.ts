import type { PageRoutes } from '@/lib/routing';

/** Settings: language, cache, about us and the FAQ. */
export const settingsRoutes: PageRoutes = {
  '/page-subpage/setting/index': { load: () => import('./pages/settings-page') },
  '/page-subpage/setting/aboutUs': { load: () => import('./pages/about-us-page'), public: true },
  '/page-subpage/setting/question': { load: () => import('./pages/question-page'), public: true },
};
