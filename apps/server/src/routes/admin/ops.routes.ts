import {
  adminOperatorRow,
  createOperatorRequest,
  decideOperatorChangeRequest,
  operatorChangeDecision,
  operatorChangeRow,
  operatorIdRequest,
  operatorRoleRequest,
  saveParamRequest,
  systemParamRow,
  adminJobRun,
  adminLicence,
  decideLicenceRequest,
  envelopeOf,
  jobRunQuery,
  licenceQuery,
  ok,
  runJobRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import {
  decideLicence,
  jobRunList,
  licenceList,
  merchantFile,
  operatorList,
  runJobFromConsole,
} from '../../modules/admin/ops';
import { operatorOf } from '../../plugins/admin-auth';
import {
  decideOperatorChange,
  disableOperator,
  listParams,
  operatorChangeList,
  proposeOperatorChange,
  saveParam,
} from '../../modules/admin/operators';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/jobs', {
    permission: 'job:view',
    summary: 'Job runs, newest first',
    querystring: jobRunQuery,
    row: adminJobRun,
    list: (q) => jobRunList(q),
    csv: {
      fileName: 'jobs',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '任务', value: (r) => r.job },
        { header: '期间', value: (r) => r.period },
        { header: '状态', type: 'number', value: (r) => r.status },
        { header: '处理数', type: 'number', value: (r) => r.processed },
        { header: '错误', value: (r) => r.error },
        { header: '完成时间(北京时间)', type: 'time', value: (r) => r.finishedAt },
      ],
    },
  });
  app.post(
    '/jobs/run',
    {
      config: { permission: 'job:run' },
      schema: {
        tags,
        summary: 'Run a job now',
        security,
        body: runJobRequest,
        response: {
          200: envelopeOf(
            z.object({
              ran: z.boolean(),
              processed: z.number(),
              postedFen: z.number(),
              status: z.number(),
            }),
          ),
        },
      },
    },
    async (request) =>
      ok(
        await runJobFromConsole(app.db, operatorOf(request), request.body.job, request.body.period),
      ),
  );
  listRoute(app, '/licences', {
    permission: 'merchant:review',
    summary: 'Licence review queue',
    querystring: licenceQuery,
    row: adminLicence,
    list: (q) => licenceList(q),
    csv: {
      fileName: 'licences',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '商户号', value: (r) => r.merchantNo },
        { header: '商户', value: (r) => r.name },
        { header: '代理', value: (r) => r.agentName },
        { header: '执照号', value: (r) => r.licenceNo },
      ],
    },
  });
  app.get(
    '/licences/file',
    {
      config: { permission: 'merchant:review' },
      schema: {
        tags,
        summary: "A merchant's uploaded image",
        security,
        querystring: z.object({ id: z.coerce.number().int().positive('图片编号不正确') }),
      },
    },
    async (request, reply) => {
      const file = await merchantFile(app.db, request.query.id);
      return reply.header('cache-control', 'private, no-store').type(file.mime).send(file.data);
    },
  );
  app.post(
    '/licences/decide',
    {
      config: { permission: 'merchant:review' },
      schema: {
        tags,
        summary: 'Approve or reject a licence with a reason the agent sees',
        security,
        body: decideLicenceRequest,
        response: { 200: envelopeOf(z.object({ status: z.number() })) },
      },
    },
    async (request) => ok(await decideLicence(app.db, operatorOf(request), request.body)),
  );
  app.get(
    '/operators',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary: 'Operators and their roles',
        security,
        response: { 200: envelopeOf(z.array(adminOperatorRow)) },
      },
    },
    async () => ok(await operatorList(app.db)),
  );
  // Four eyes (decision 022): what gives an operator power is proposed here and applies only once
  // a second super admin approves it at /operators/changes/decide.
  const proposed = envelopeOf(z.object({ id: z.number(), status: z.number() }));
  app.post(
    '/operators/create',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary: 'Propose a new operator (made once a second super admin approves)',
        security,
        body: createOperatorRequest,
        response: { 200: proposed },
      },
    },
    async (request) =>
      ok(
        await proposeOperatorChange(app.db, operatorOf(request), {
          kind: 'create',
          ...request.body,
        }),
        '已提交，待另一位超级管理员批准',
      ),
  );
  app.post(
    '/operators/role',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary:
          "Propose a change of an operator's role (applies once a second super admin approves)",
        security,
        body: operatorRoleRequest,
        response: { 200: proposed },
      },
    },
    async (request) =>
      ok(
        await proposeOperatorChange(app.db, operatorOf(request), { kind: 'role', ...request.body }),
        '已提交，待另一位超级管理员批准',
      ),
  );
  for (const [path, kind, summary] of [
    ['/operators/enable', 'enable', 'Propose enabling a disabled operator'],
    [
      '/operators/reset-totp',
      'reset_totp',
      "Propose forgetting an operator's authenticator and password (a temporary one is issued)",
    ],
  ] as const) {
    app.post(
      path,
      {
        config: { permission: 'operator:manage' },
        schema: {
          tags,
          summary: `${summary} (applies once a second super admin approves)`,
          security,
          body: operatorIdRequest,
          response: { 200: proposed },
        },
      },
      async (request) =>
        ok(
          await proposeOperatorChange(app.db, operatorOf(request), { kind, id: request.body.id }),
          '已提交，待另一位超级管理员批准',
        ),
    );
  }
  app.post(
    '/operators/disable',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary: 'Disable an operator at once (ends its sessions and sign-in steps)',
        security,
        body: operatorIdRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await disableOperator(app.db, operatorOf(request), request.body.id);
      return ok(null);
    },
  );
  app.get(
    '/operators/changes',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary: 'Proposed operator changes: pending first, then the latest decided',
        security,
        response: { 200: envelopeOf(z.array(operatorChangeRow)) },
      },
    },
    async () => ok(await operatorChangeList(app.db)),
  );
  app.post(
    '/operators/changes/decide',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary:
          "Approve (applies it) or reject another super admin's proposed operator change; a new operator or a TOTP reset answers a temporary password once",
        security,
        body: decideOperatorChangeRequest,
        response: { 200: envelopeOf(operatorChangeDecision) },
      },
    },
    async (request, reply) => {
      // The temporary password is shown once: nothing on the way keeps a copy.
      void reply.header('cache-control', 'no-store');
      return ok(
        await decideOperatorChange(app.db, operatorOf(request), request.body, {
          scryptCost: app.config.scryptCost,
        }),
      );
    },
  );
  app.get(
    '/params',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary: 'System parameters',
        security,
        response: { 200: envelopeOf(z.array(systemParamRow)) },
      },
    },
    async () => ok(await listParams(app.db)),
  );
  app.post(
    '/params/save',
    {
      config: { permission: 'operator:manage' },
      schema: {
        tags,
        summary: 'Update a system parameter (agent_common_level validated)',
        security,
        body: saveParamRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await saveParam(app.db, operatorOf(request), request.body);
      return ok(null, '保存成功');
    },
  );
};
