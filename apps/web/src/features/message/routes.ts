import type { PageRoutes } from '@/lib/routing';

/** The message centre (消息中心): the list and one message. */
export const messageRoutes: PageRoutes = {
  '/pages/message/index': { load: () => import('./pages/message-list-page') },
  '/pages/message/detail': { load: () => import('./pages/message-detail-page') },
};
