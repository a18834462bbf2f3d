import type { PageRoutes } from '@/lib/routing';

/** Withdrawals, settlement accounts, real-name verification, pay password, capital pool. */
export const withdrawalsRoutes: PageRoutes = {
  '/pages/earnings/earningsWithdrawal': { load: () => import('./pages/withdraw-page') },
  '/pages/earnings/withdrawalList': { load: () => import('./pages/withdrawal-list-page') },
  '/pages/earnings/earningsWithdrawalInfo': { load: () => import('./pages/withdrawal-info-page') },
  '/pages/earnings/capitalPool': { load: () => import('./pages/capital-pool-page') },
  '/pages/earnings/uploadIdCard': { load: () => import('./pages/upload-id-card-page') },
  '/pages/myInfo/settlementAccount/index': {
    load: () => import('./pages/settlement-account-page'),
  },
  '/pages/myInfo/bindCard/bindCard': { load: () => import('./pages/bind-card-page') },
  '/page-subpage/setting/forgotPayPassword': {
    load: () => import('./pages/forgot-pay-password-page'),
  },
};
