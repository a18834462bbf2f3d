import type { PageRoutes } from '@/lib/routing';
import { featureRoutes } from './feature-routes';

/** Every page of every feature, by its exact path. */
export const PAGE_ROUTES: PageRoutes = Object.assign({}, ...featureRoutes);
