import type { PageRoutes } from '@/lib/routing';
import { terminalTabRoute } from './first-route';

/** Terminal stock, operations and records, binding, the scan page and brand modification. */
export const terminalsRoutes: PageRoutes = {
  '/pages/terminal/index': terminalTabRoute,
  '/pages/home/terminal/terminalList': { load: () => import('./pages/terminal-list-page') },
  '/pages/home/terminal/terminalInfo': { load: () => import('./pages/terminal-info-page') },
  '/pages/home/terminal/operation': { load: () => import('./pages/operation-page') },
  '/pages/home/terminal/terminalBind': { load: () => import('./pages/terminal-bind-page') },
  '/pages/home/terminal/termOperatHistory': {
    load: () => import('./pages/operation-history-page'),
  },
  '/pages/home/terminal/termBackList': { load: () => import('./pages/recall-list-page') },
  '/pages/home/terminal/credit': { load: () => import('./pages/credit-list-page') },
  '/pages/home/terminal/creditInfo': { load: () => import('./pages/credit-info-page') },
  '/pages/home/terminal/brandModification': {
    load: () => import('./pages/brand-modification-page'),
  },
  '/pages/login/sancode/sancode': { load: () => import('./pages/scan-code-page') },
};
