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
  pageOf,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keysetPage, sendCsv } from '../../lib/keyset';
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
  app.get(
    '/terminals/operations',
    {
      config: { permission: 'terminal:view' },
      schema: {
        tags,
        summary: 'Every terminal operation in every tree (keyset; format=csv)',
        security,
        querystring: adminOperationQuery,
        response: { 200: envelopeOf(pageOf(adminOperation)) },
      },
    },
    async (request, reply) => {
      const spec = await operationList(app.db, request.query);
      if (request.query.format === 'csv') {
        return sendCsv(
          reply,
          app.db,
          spec,
          request.query,
          [
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
          'terminal-operations',
        );
      }
      return ok(await withSnRuns(app.db, await keysetPage(app.db, spec, request.query)));
    },
  );
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
  app.get(
    '/identifications',
    {
      config: { permission: 'merchant:review' },
      schema: {
        tags,
        summary: 'Identifications the verification refused, for review (keyset; format=csv)',
        security,
        querystring: identificationQuery,
        response: { 200: envelopeOf(pageOf(adminIdentification)) },
      },
    },
    async (request, reply) => {
      const spec = identificationList(request.query);
      if (request.query.format === 'csv') {
        return sendCsv(
          reply,
          app.db,
          spec,
          request.query,
          [
            { header: 'ID', type: 'number', value: (r) => r.id },
            { header: '商户号', value: (r) => r.merchantNo },
            { header: '商户', value: (r) => r.name },
            { header: '法人', value: (r) => r.legalName },
            { header: '身份证号', value: (r) => r.idCardMasked },
            { header: '代理', value: (r) => r.agentName },
            { header: '原因', value: (r) => r.reason },
          ],
          'identifications',
        );
      }
      return ok(await keysetPage(app.db, spec, request.query));
    },
  );
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
