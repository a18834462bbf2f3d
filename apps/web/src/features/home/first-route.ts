import type { PageRoute } from '@/lib/routing';

/** The home tab: routed by the app's entry itself (app/first-routes.ts), not the route table. */
export const homeTabRoute: PageRoute = { load: () => import('./pages/home-page') };
