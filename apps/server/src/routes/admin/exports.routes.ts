import {
  envelopeOf,
  exportIdQuery,
  exportListQuery,
  ok,
  operatorExportPage,
  XLSX_MIME,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listOperatorExports,
  readOperatorExportFile,
} from '../../modules/exports/operator-exports';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

/**
 * 导出任务: the console downloads written in the background (decision 038). Any signed-in
 * operator has its own; nobody else's is listed or served.
 */
export const adminExportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exports',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: "The operator's background downloads of the last 7 days, newest first",
        security,
        querystring: exportListQuery,
        response: { 200: envelopeOf(operatorExportPage) },
      },
    },
    async (request) =>
      ok(await listOperatorExports(app.db, operatorOf(request).operatorId, request.query)),
  );
  app.get(
    '/exports/download',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: "The file of one of the operator's finished background downloads",
        security,
        querystring: exportIdQuery,
      },
    },
    async (request, reply) => {
      const file = await readOperatorExportFile(
        app.db,
        operatorOf(request).operatorId,
        request.query.id,
      );
      return reply
        .type(file.fileType === 'xlsx' ? XLSX_MIME : 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
