import {
  adminJobRun,
  adminLicence,
  decideLicenceRequest,
  envelopeOf,
  jobRunQuery,
  licenceQuery,
  ok,
  pageOf,
  runJobRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keysetPage, sendCsv } from '../../lib/keyset';
import {
  decideLicence,
  jobRunList,
  licenceList,
  operatorList,
  runJobFromConsole,
} from '../../modules/admin/ops';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminOpsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jobs',
    {
      config: { permission: 'job:view' },
      schema: {
        tags,
        summary: 'Job runs, newest first',
        security,
        querystring: jobRunQuery,
        response: { 200: envelopeOf(pageOf(adminJobRun)) },
      },
    },
    async (request, reply) => {
      const spec = jobRunList(request.query);
      if (request.query.format === 'csv') {
        return sendCsv(
          reply,
          app.db,
          spec,
          request.query,
          [
            { header: 'ID', value: (r) => r.id },
            { header: '任务', value: (r) => r.job },
            { header: '期间', value: (r) => r.period },
            { header: '状态', value: (r) => r.status },
            { header: '处理数', value: (r) => r.processed },
            { header: '错误', value: (r) => r.error },
            { header: '完成时间', value: (r) => r.finishedAt },
          ],
          'jobs',
        );
      }
      return ok(await keysetPage(app.db, spec, request.query));
    },
  );
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
  app.get(
    '/licences',
    {
      config: { permission: 'merchant:review' },
      schema: {
        tags,
        summary: 'Licence review queue',
        security,
        querystring: licenceQuery,
        response: { 200: envelopeOf(pageOf(adminLicence)) },
      },
    },
    async (request, reply) => {
      const spec = licenceList(request.query);
      if (request.query.format === 'csv') {
        return sendCsv(
          reply,
          app.db,
          spec,
          request.query,
          [
            { header: 'ID', value: (r) => r.id },
            { header: '商户号', value: (r) => r.merchantNo },
            { header: '商户', value: (r) => r.name },
            { header: '代理', value: (r) => r.agentName },
            { header: '执照号', value: (r) => r.licenceNo },
          ],
          'licences',
        );
      }
      return ok(await keysetPage(app.db, spec, request.query));
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
        response: {
          200: envelopeOf(
            z.array(
              z.object({
                id: z.number(),
                username: z.string(),
                name: z.string(),
                role: z.string(),
                status: z.number(),
                totpEnrolled: z.boolean(),
                lastLoginAt: z.string().nullable(),
              }),
            ),
          ),
        },
      },
    },
    async () => ok(await operatorList(app.db)),
  );
};
