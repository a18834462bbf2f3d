import {
  auditActionLabel,
  auditOperator,
  auditQuery,
  auditRecord,
  auditTargetLabel,
  envelopeOf,
  ok,
  roleLabels,
  type Role,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import { auditList, auditOperators } from '../../modules/admin/audit-list';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/audit', {
    permission: 'audit:view',
    summary: 'The audit log (keyset; format=csv exports)',
    querystring: auditQuery,
    row: auditRecord,
    list: (q) => auditList(q),
    csv: {
      fileName: 'audit-log',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '时间(北京时间)', type: 'time', value: (r) => r.createdAt },
        { header: '操作人', value: (r) => r.operatorName },
        { header: '角色', value: (r) => roleLabels[r.role as Role]?.zh ?? r.role },
        { header: '操作', value: (r) => auditActionLabel(r.action) },
        { header: '操作代码', value: (r) => r.action },
        { header: '对象类型', value: (r) => auditTargetLabel(r.targetType) },
        { header: '对象', value: (r) => r.targetId },
        { header: '变更前', value: (r) => (r.before == null ? '' : JSON.stringify(r.before)) },
        { header: '变更后', value: (r) => (r.after == null ? '' : JSON.stringify(r.after)) },
        { header: '地址', value: (r) => r.ip },
      ],
    },
  });
  app.get(
    '/audit/operators',
    {
      config: { permission: 'audit:view' },
      schema: {
        tags,
        summary: "The audit log's operator filter: every operator, disabled ones too",
        security,
        response: { 200: envelopeOf(z.array(auditOperator)) },
      },
    },
    async () => ok(await auditOperators(app.db)),
  );
};
