import type { PageRoutes } from '@/lib/routing';

/** My wallet, the ledger, earnings records and statistics, and the trading pages. */
export const walletRoutes: PageRoutes = {
  '/pages/earnings/index': { load: () => import('./pages/wallet-page') },
  '/pages/earnings/accountBalance': { load: () => import('./pages/account-balance-page') },
  '/pages/earnings/accountBalanceDetails': { load: () => import('./pages/account-details-page') },
  '/pages/earnings/earningsDetails': { load: () => import('./pages/earnings-details-page') },
  '/pages/earnings/earningsInfo': { load: () => import('./pages/earning-info-page') },
  '/pages/home/trading/index': { load: () => import('./pages/trading-page') },
  '/pages/home/trading/detail': { load: () => import('./pages/trading-detail-page') },
  '/pages/home/home/earnings-info': { load: () => import('./pages/earnings-stats-page') },
  '/pages/home/home/trading-info': { load: () => import('./pages/trading-stats-page') },
  '/pages/data/earnings-info': { load: () => import('./pages/earnings-stats-page') },
};
