import type { PageRoutes } from '@/lib/routing';

/**
 * Merchants: lists, detail, data, bindings and activations, licence supplement, identification,
 * and the built-in location pages their addresses open (choosing a place, showing one).
 */
export const merchantsRoutes: PageRoutes = {
  '/pages/home/home/merch-info': { load: () => import('./pages/merch-info-page') },
  '/pages/home/home/merch-bind-info': { load: () => import('./pages/merch-bind-info-page') },
  '/pages/home/home/term-active-info': { load: () => import('./pages/term-active-info-page') },
  '/pages/home/home/detailInfo': { load: () => import('./pages/detail-info-page') },
  '/pages/home/data/merch': { load: () => import('./pages/data-merch-page') },
  '/pages/home/data/merch-cond-list': { load: () => import('./pages/merch-cond-list-page') },
  '/pages/home/data/merch-cond-Info': { load: () => import('./pages/merch-cond-info-page') },
  '/pages/home/merchantSupplement/index': { load: () => import('./pages/supplement-index-page') },
  '/pages/home/merchantSupplement/changeInfo': { load: () => import('./pages/change-info-page') },
  '/pages/home/identification/merchant': {
    load: () => import('./pages/identification-merchant-page'),
  },
  '/pages/home/identification/index': { load: () => import('./pages/identification-index-page') },
  '/pages/data/merch-detail': { load: () => import('./pages/data-merch-detail-page') },
  '/pages/data/merch-info': { load: () => import('./pages/data-merch-info-page') },
  '/pages/data/term-info': { load: () => import('./pages/data-term-info-page') },
  '/pages/location/choose': { load: () => import('./pages/choose-location-page') },
  '/pages/location/open': { load: () => import('./pages/open-location-page') },
};
