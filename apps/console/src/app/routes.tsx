import type { AdminMe, Permission } from '@pos/core';
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { MessageKey } from '@/lib/messages';

export interface ConsoleRoute {
  path: string;
  label: MessageKey;
  permission: Permission;
  group?: MessageKey;
  page: LazyExoticComponent<ComponentType>;
  /** Shown only when the server says so (besides the permission). */
  when?: (me: AdminMe) => boolean;
}

/** Every page with the permission that opens it: the menu shows only what the role holds. */
export const CONSOLE_ROUTES: ConsoleRoute[] = [
  {
    path: '/dashboard',
    label: 'dashboard',
    permission: 'dashboard:view',
    page: lazy(() => import('@/features/dashboard/pages/dashboard-page')),
  },
  {
    path: '/finance/withdrawals',
    label: 'withdrawals',
    group: 'finance',
    permission: 'withdrawal:view',
    page: lazy(() => import('@/features/withdrawals/pages/withdrawals-page')),
  },
  {
    path: '/finance/adjustments',
    label: 'adjustments',
    group: 'finance',
    permission: 'ledger:view',
    page: lazy(() => import('@/features/ledger/pages/adjustments-page')),
  },
  {
    path: '/finance/transactions',
    label: 'transactionsMenu',
    group: 'finance',
    permission: 'ledger:view',
    page: lazy(() => import('@/features/transactions/pages/transactions-page')),
  },
  {
    path: '/finance/statement',
    label: 'statement',
    group: 'finance',
    permission: 'ledger:view',
    page: lazy(() => import('@/features/ledger/pages/statement-page')),
  },
  {
    path: '/finance/jobs',
    label: 'jobs',
    group: 'finance',
    permission: 'job:view',
    page: lazy(() => import('@/features/jobs/pages/jobs-page')),
  },
  {
    path: '/agents',
    label: 'agents',
    permission: 'agent:view',
    page: lazy(() => import('@/features/agents/pages/agents-page')),
  },
  {
    path: '/terminals/import',
    label: 'terminals',
    group: 'terminalGroup',
    permission: 'terminal:import',
    page: lazy(() => import('@/features/terminals/pages/import-page')),
  },
  {
    path: '/terminals/history',
    label: 'snHistory',
    group: 'terminalGroup',
    permission: 'terminal:view',
    page: lazy(() => import('@/features/terminals/pages/history-page')),
  },
  {
    path: '/terminals/brands',
    label: 'brands',
    group: 'terminalGroup',
    permission: 'terminal:view',
    page: lazy(() => import('@/features/terminals/pages/brands-page')),
  },
  {
    path: '/terminals/operations',
    label: 'terminalOperations',
    group: 'terminalGroup',
    permission: 'terminal:view',
    page: lazy(() => import('@/features/terminals/pages/operations-page')),
  },
  {
    path: '/terminals/manage',
    label: 'terminalManage',
    group: 'terminalGroup',
    permission: 'terminal:manage',
    page: lazy(() => import('@/features/terminals/pages/manage-page')),
  },
  {
    path: '/policies',
    label: 'policies',
    permission: 'policy:view',
    page: lazy(() => import('@/features/policies/pages/policies-page')),
  },
  {
    path: '/merchants/licences',
    label: 'merchants',
    group: 'merchantGroup',
    permission: 'merchant:review',
    page: lazy(() => import('@/features/licences/pages/licences-page')),
  },
  {
    path: '/merchants/identifications',
    label: 'identifications',
    group: 'merchantGroup',
    permission: 'merchant:review',
    page: lazy(() => import('@/features/licences/pages/identifications-page')),
  },
  {
    path: '/mall/orders',
    label: 'mallOrders',
    group: 'mallGroup',
    permission: 'mall:view',
    page: lazy(() => import('@/features/mall/pages/orders-page')),
  },
  {
    path: '/mall/products',
    label: 'mallProducts',
    group: 'mallGroup',
    permission: 'mall:view',
    page: lazy(() => import('@/features/mall/pages/products-page')),
  },
  {
    path: '/mall/quotas',
    label: 'mallQuotas',
    group: 'mallGroup',
    permission: 'mall:view',
    page: lazy(() => import('@/features/mall/pages/quotas-page')),
  },
  {
    path: '/content/banners',
    label: 'banners',
    group: 'content',
    permission: 'content:view',
    page: lazy(() => import('@/features/content/pages/banners-page')),
  },
  {
    path: '/content/notices',
    label: 'notices',
    group: 'content',
    permission: 'content:view',
    page: lazy(() => import('@/features/content/pages/notices-page')),
  },
  {
    path: '/content/texts',
    label: 'texts',
    group: 'content',
    permission: 'content:view',
    page: lazy(() => import('@/features/content/pages/texts-page')),
  },
  {
    path: '/content/app-versions',
    label: 'appVersions',
    group: 'content',
    permission: 'content:view',
    page: lazy(() => import('@/features/content/pages/app-versions-page')),
  },
  {
    path: '/content/app-config',
    label: 'appConfig',
    group: 'content',
    permission: 'content:view',
    page: lazy(() => import('@/features/content/pages/app-config-page')),
  },
  {
    path: '/system/operators',
    label: 'operators',
    group: 'system',
    permission: 'operator:manage',
    page: lazy(() => import('@/features/system/pages/operators-page')),
  },
  {
    path: '/system/params',
    label: 'params',
    group: 'system',
    permission: 'operator:manage',
    page: lazy(() => import('@/features/system/pages/params-page')),
  },
  {
    path: '/system/dicts',
    label: 'dicts',
    group: 'system',
    permission: 'dict:view',
    page: lazy(() => import('@/features/system/pages/dicts-page')),
  },
  {
    path: '/system/audit',
    label: 'audit',
    group: 'system',
    permission: 'audit:view',
    page: lazy(() => import('@/features/audit/pages/audit-page')),
  },
  {
    path: '/system/sms',
    label: 'smsOutbox',
    group: 'system',
    permission: 'sms:view',
    page: lazy(() => import('@/features/sms/pages/sms-outbox-page')),
    when: (me) => me.simulatedSms,
  },
];
