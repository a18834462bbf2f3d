import { authRoutes } from '@/features/auth/routes';
import { homeRoutes } from '@/features/home/routes';
import { mallRoutes } from '@/features/mall/routes';
import { merchantsRoutes } from '@/features/merchants/routes';
import { mineRoutes } from '@/features/mine/routes';
import { policiesRoutes } from '@/features/policies/routes';
import { settingsRoutes } from '@/features/settings/routes';
import { teamRoutes } from '@/features/team/routes';
import { terminalsRoutes } from '@/features/terminals/routes';
import { walletRoutes } from '@/features/wallet/routes';
import { dataRoutes } from '@/features/data/routes';
import { rankRoutes } from '@/features/rank/routes';
import { messageRoutes } from '@/features/message/routes';
import { exportsRoutes } from '@/features/exports/routes';
import { supportRoutes } from '@/features/support/routes';
import { schoolRoutes } from '@/features/school/routes';
import { withdrawalsRoutes } from '@/features/withdrawals/routes';
import type { PageRoutes } from '@/lib/routing';

// Each feature adds its route map here (one import and one entry per feature).
export const featureRoutes: PageRoutes[] = [
  authRoutes,
  homeRoutes,
  mallRoutes,
  merchantsRoutes,
  mineRoutes,
  policiesRoutes,
  settingsRoutes,
  teamRoutes,
  terminalsRoutes,
  walletRoutes,
  dataRoutes,
  rankRoutes,
  messageRoutes,
  exportsRoutes,
  supportRoutes,
  schoolRoutes,
  withdrawalsRoutes,
];
