import type { PageRoutes } from '@/lib/routing';

// Each feature adds its route map here (one import and one entry per feature).
export const featureRoutes: PageRoutes[] = [];
