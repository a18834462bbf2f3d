import type { PageRoute } from '@/lib/routing';

/** The terminal tab: routed by the app's entry itself (app/first-routes.ts), not the route table. */
export const terminalTabRoute: PageRoute = { load: () => import('./pages/terminal-tab-page') };
