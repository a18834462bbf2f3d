import type { PageRoutes } from '@/lib/routing';

/** Support tickets (客服工单): the agent's list, opening one, and one with its replies. */
export const supportRoutes: PageRoutes = {
  '/pages/ticket/index': { load: () => import('./pages/ticket-list-page') },
  '/pages/ticket/create': { load: () => import('./pages/ticket-create-page') },
  '/pages/ticket/detail': { load: () => import('./pages/ticket-detail-page') },
};
