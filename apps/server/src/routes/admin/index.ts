import type { Permission } from '@pos/core';
import type { FastifyInstance } from 'fastify';
import { authenticateOperator, requirePermission } from '../../plugins/admin-auth';
import { adminAuthProtectedRoutes, adminAuthPublicRoutes } from './auth.routes';
import { adminWithdrawalRoutes } from './withdrawals.routes';
import { adminContentRoutes } from './content.routes';
import { adminAuditRoutes } from './audit.routes';
import { adminAgentRoutes } from './agents.routes';
import { adminLedgerRoutes } from './ledger.routes';
import { adminDashboardRoutes } from './dashboard.routes';
import { adminRankRoutes } from './rank.routes';
import { adminMessageRoutes } from './messages.routes';
import { adminExportRoutes } from './exports.routes';
import { adminTicketRoutes } from './tickets.routes';
import { adminSchoolRoutes } from './school.routes';
import { adminTerminalRoutes } from './terminals.routes';
import { adminOpsRoutes } from './ops.routes';
import { adminPolicyRoutes } from './policies.routes';
import { adminAppRoutes } from './app.routes';
import { adminCorrectionRoutes } from './corrections.routes';
import { adminMallRoutes } from './mall.routes';
import { adminSmsRoutes } from './sms.routes';
import { adminChannelRoutes } from './channels.routes';
import { adminProviderRoutes } from './providers.routes';
import { adminRewardSchemeRoutes } from './reward-schemes.routes';

export interface AdminRouteEntry {
  method: string;
  url: string;
  permission: Permission | 'session';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every protected admin route with the permission it requires (the RBAC test reads it). */
    adminRouteTable: AdminRouteEntry[];
  }
}

/**
 * The operators' console API under /prod-api/admin. Sign-in is public; every other route sits in
 * a scope whose hook authenticates the operator and checks the route's permission before the body
 * is even read, so a role without it gets 403 and nothing runs. A route that names no permission
 * cannot be registered at all.
 */
export async function adminRoutes(app: FastifyInstance) {
  await app.register(adminAuthPublicRoutes);

  await app.register(async (priv) => {
    priv.addHook('onRoute', (route) => {
      const permission = (route.config as { permission?: Permission | 'session' } | undefined)
        ?.permission;
      if (!permission) throw new Error(`admin route ${route.url} names no permission`);
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.adminRouteTable.push({ method, url: route.url, permission });
      }
    });
    priv.addHook('onRequest', async (request) => {
      const caller = await authenticateOperator(app, request);
      const permission = (request.routeOptions.config as { permission?: string }).permission;
      if (permission && permission !== 'session') {
        requirePermission(caller, permission as Permission);
      }
    });
    await priv.register(adminAuthProtectedRoutes);
    await priv.register(adminWithdrawalRoutes);
    await priv.register(adminContentRoutes);
    await priv.register(adminAuditRoutes);
    await priv.register(adminAgentRoutes);
    await priv.register(adminLedgerRoutes);
    await priv.register(adminDashboardRoutes);
    await priv.register(adminRankRoutes);
    await priv.register(adminMessageRoutes);
    await priv.register(adminExportRoutes);
    await priv.register(adminTicketRoutes);
    await priv.register(adminSchoolRoutes);
    await priv.register(adminTerminalRoutes);
    await priv.register(adminOpsRoutes);
    await priv.register(adminPolicyRoutes);
    await priv.register(adminAppRoutes);
    await priv.register(adminCorrectionRoutes);
    await priv.register(adminMallRoutes);
    await priv.register(adminSmsRoutes);
    await priv.register(adminChannelRoutes);
    await priv.register(adminProviderRoutes);
    await priv.register(adminRewardSchemeRoutes);
  });
}
