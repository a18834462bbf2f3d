import { LOGIN_PATH, TAB_PATHS } from '@pos/core';
import { loginRoute } from '@/features/auth/first-route';
import { dataTabRoute } from '@/features/data/first-route';
import { homeTabRoute } from '@/features/home/first-route';
import { mineTabRoute } from '@/features/mine/first-route';
import { terminalTabRoute } from '@/features/terminals/first-route';
import type { PageRoutes } from '@/lib/routing';

/**
 * The pages the entry routes itself: the login page and the four tabs, where the app opens. Every
 * other page is found in the route table (page-registry.ts), which loads when one of them is
 * first opened: every feature's routes with the bundler's list of each page's files were about
 * 7 KB of brotli JavaScript in the entry (issue 35). The features' tables list the same routes.
 */
export const FIRST_ROUTES: PageRoutes = {
  '/': loginRoute,
  [LOGIN_PATH]: loginRoute,
  [TAB_PATHS.home]: homeTabRoute,
  [TAB_PATHS.terminal]: terminalTabRoute,
  [TAB_PATHS.data]: dataTabRoute,
  [TAB_PATHS.mine]: mineTabRoute,
};
