import type { PageRoute } from '@/lib/routing';

/** The mine tab: routed by the app's entry itself (app/first-routes.ts), not the route table. */
export const mineTabRoute: PageRoute = { load: () => import('./pages/mine-page') };
