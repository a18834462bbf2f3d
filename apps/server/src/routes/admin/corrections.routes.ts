import {
  adminIdentification,
  adminOperateTypeOptions,
  adminOperation,
  adminOperationQuery,
  adminTerminalBatchRequest,
  adminTerminalBatchResult,
  attachTxnRequest,
  attachTxnResult,
  decideIdentificationRequest,
  envelopeOf,
  identificationQuery,
  ok,
  operateStatusOptions,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import { attachTransaction } from '../../modules/admin/attach-transaction';
import { decideIdentification, identificationList } from '../../modules/admin/identifications';
import { operationList, platformTerminalBatch, withSnRuns } from '../../modules/admin/terminal-ops';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];
const typeName = (t: number) => adminOperateTypeOptions.find((o) => o.value === t)?.zh ?? String(t);

/**
 * Corrections operators make after the fact: terminals reclaimed, deleted or re-branded anywhere,
 * every terminal operation, flagged notifications attached to their terminal, and refused
 * identifications reviewed.
 */
export const adminCorrectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/terminals/batch',
    {
      config: { permission: 'terminal:manage' },
      schema: {
        tags,
        summary:
          'Reclaim, delete or re-brand unbound terminals (dryRun counts and changes nothing)',
        security,
        body: adminTerminalBatchRequest,
        response: { 200: envelopeOf(adminTerminalBatchResult) },
      },
    },
    async (request) => ok(await platformTerminalBatch(app.db, operatorOf(request), request.body)),
  );
  listRoute(app, '/terminals/operations', {
    permission: 'terminal:view',
    summary: 'Every terminal operation in every tree (keyset; format=csv)',
    querystring: adminOperationQuery,
    row: adminOperation,
    list: (q, db) => operationList(db, q),
    page: withSnRuns,
    csv: {
      fileName: 'terminal-operations',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '类型', value: (r) => typeName(r.type) },
        {
          header: '状态',
          value: (r) => operateStatusOptions.find((o) => o.value === r.status)?.zh ?? '',
        },
        { header: '操作人', value: (r) => r.operatorName },
        { header: '转出方', value: (r) => r.fromAgentName },
        { header: '接收方', value: (r) => r.toAgentName },
        { header: '商户', value: (r) => r.merchantName },
        { header: '数量', type: 'number', value: (r) => r.count },
        { header: '首个SN', value: (r) => r.firstSn },
        { header: '末个SN', value: (r) => r.lastSn },
        { header: '原因', value: (r) => r.reason },
        { header: '时间(北京时间)', type: 'time', value: (r) => r.createdAt },
      ],
    },
  });
  app.post(
    '/transactions/attach',
    {
      config: { permission: 'transaction:attach' },
      schema: {
        tags,
        summary: 'Attach a flagged notification to its terminal and queue it for settlement',
        security,
        body: attachTxnRequest,
        response: { 200: envelopeOf(attachTxnResult) },
      },
    },
    async (request) =>
      ok(await attachTransaction(app.db, operatorOf(request), request.body), '已挂接，等待结算'),
  );
  listRoute(app, '/identifications', {
    permission: 'merchant:review',
    summary: 'Identifications the verification refused, for review (keyset; format=csv)',
    querystring: identificationQuery,
    row: adminIdentification,
    list: (q) => identificationList(q),
    csv: {
      fileName: 'identifications',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '商户号', value: (r) => r.merchantNo },
        { header: '商户', value: (r) => r.name },
        { header: '法人', value: (r) => r.legalName },
        { header: '身份证号', value: (r) => r.idCardMasked },
        { header: '代理', value: (r) => r.agentName },
        { header: '原因', value: (r) => r.reason },
      ],
    },
  });
  app.post(
    '/identifications/decide',
    {
      config: { permission: 'merchant:review' },
      schema: {
        tags,
        summary: 'Approve a refused identification, or confirm it with a reason the agent sees',
        security,
        body: decideIdentificationRequest,
        response: { 200: envelopeOf(z.object({ status: z.number() })) },
      },
    },
    async (request) => ok(await decideIdentification(app.db, operatorOf(request), request.body)),
  );
};
