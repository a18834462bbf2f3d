import type { PageRoutes } from '@/lib/routing';
import { dataTabRoute } from './first-route';

/** The data tab, statistics, the standards checks (tripartiteData) and the in-app router. */
export const dataRoutes: PageRoutes = {
  '/pages/data/index': dataTabRoute,
  '/pages/home/statistics/index': { load: () => import('./pages/statistics-page') },
  '/pages/home/statistics/detail': { load: () => import('./pages/statistics-detail-page') },
  '/pages/home/tripartiteData/merchStandardCheck': {
    load: () => import('./pages/merch-standard-check-page'),
  },
  '/pages/home/tripartiteData/activationCheck': {
    load: () => import('./pages/activation-check-page'),
  },
  '/pages/home/tripartiteData/merchBindTerm': {
    load: () => import('./pages/merch-bind-term-page'),
  },
  '/pages/home/tripartiteData/info': { load: () => import('./pages/check-info-page') },
  '/pages/home/com-route/com-route': { load: () => import('./pages/com-route-page') },
};
