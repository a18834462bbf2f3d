import type { PageRoute } from '@/lib/routing';

/** The login page: routed by the app's entry itself (app/first-routes.ts), not the route table. */
export const loginRoute: PageRoute = { load: () => import('./pages/login-page'), public: true };
