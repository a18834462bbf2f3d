import type { PageRoutes } from '@/lib/routing';

/** The terminal purchase mall: products, cart, orders and the address book. */
export const mallRoutes: PageRoutes = {
  '/pages/mall/index': { load: () => import('./pages/mall-index-page') },
  '/pages/mall/detail': { load: () => import('./pages/detail-page') },
  '/pages/mall/cart': { load: () => import('./pages/cart-page') },
  '/pages/mall/confirm': { load: () => import('./pages/confirm-page') },
  '/pages/mall/orders': { load: () => import('./pages/orders-page') },
  '/pages/mall/order-detail': { load: () => import('./pages/order-detail-page') },
  '/pages/mall/address': { load: () => import('./pages/address-page') },
  '/pages/mall/address-edit': { load: () => import('./pages/address-edit-page') },
};
