import type { PageRoutes } from '@/lib/routing';

/** Policies, merchant rates, fee changes and the price-adjustment share. */
export const policiesRoutes: PageRoutes = {
  '/pages/home/policy/open': { load: () => import('./pages/open-policy-page') },
  '/pages/home/policy/queryPolicy': { load: () => import('./pages/query-policy-page') },
  '/pages/home/policy/policyInfo': { load: () => import('./pages/policy-info-page') },
  '/pages/home/policy/changeServiceFee': { load: () => import('./pages/change-service-fee-page') },
  '/pages/home/policy/changeCommFee': { load: () => import('./pages/change-comm-fee-page') },
  '/pages/home/policy/changeServiceList': {
    load: () => import('./pages/change-service-list-page'),
  },
  '/pages/home/policy/changeServiceInfo': {
    load: () => import('./pages/change-service-info-page'),
  },
  '/pages/home/policy/changeMercDetail': { load: () => import('./pages/change-merc-detail-page') },
  '/pages/home/policy/changeMerchRate': { load: () => import('./pages/change-merch-rate-page') },
  '/pages/home/policy/changeRateList': { load: () => import('./pages/change-rate-list-page') },
  '/pages/home/policy/changeRateInfo': { load: () => import('./pages/change-rate-info-page') },
  '/pages/home/home/updateRate': { load: () => import('./pages/update-rate-page') },
  '/pages/home/price-property/price-property': {
    load: () => import('./pages/price-property-page'),
  },
  '/pages/home/price-property/detail': { load: () => import('./pages/price-property-detail-page') },
  '/pages/home/price-property/add': { load: () => import('./pages/price-property-add-page') },
  '/pages/home/price-property-detail/price-property-detail': {
    load: () => import('./pages/received-share-page'),
  },
  '/pages/home/price-property-detail/detail': {
    load: () => import('./pages/received-share-detail-page'),
  },
};
