import type { PageRoutes } from '@/lib/routing';
import { loginRoute } from './first-route';

/** Sign-in, registration, agreements and passwords. */
export const authRoutes: PageRoutes = {
  '/': loginRoute,
  '/pages/login/index': loginRoute,
  '/pages/login/register': { load: () => import('./pages/register-page'), public: true },
  '/pages/login/agreement/index': { load: () => import('./pages/agreement-page'), public: true },
  '/pages/login/agreement/agreementNoback': {
    load: () => import('./pages/agreement-noback-page'),
    public: true,
  },
  '/pages/myInfo/forgot-password/index': {
    load: () => import('./pages/forgot-password-page'),
    public: true,
  },
  '/pages/myInfo/updatePassword/index': { load: () => import('./pages/update-password-page') },
};
