import type { PageRoute } from '@/lib/routing';

/** The data tab: routed by the app's entry itself (app/first-routes.ts), not the route table. */
export const dataTabRoute: PageRoute = { load: () => import('./pages/data-page') };
