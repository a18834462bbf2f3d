import {
  envelopeOf,
  exportIdQuery,
  exportItem,
  exportListQuery,
  exportPage,
  ok,
  XLSX_MIME,
} from '@pos/core';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  getExport,
  listExports,
  readExportFile,
  requestExport,
  writeExport,
} from '../../modules/exports/exports';
import { callerOf } from '../../plugins/auth';

const tags = ['exports'];
const security = [{ bearer: [] }];

/** RFC 6266: an ASCII fallback and the UTF-8 name (the Chinese one) for the download. */
const disposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/**
 * An agent's exports (我的导出, decision 038): ask for one, follow its progress, download it. Every
 * read is of the caller's own exports only; another agent's answers as missing, and the file is
 * only ever sent to a signed-in owner (no public address).
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ag/export/create',
    {
      schema: {
        tags,
        summary: 'Asks for a list as an .xlsx file, written in the background',
        security,
        // Checked by core's exportRequest in the module, so a bad filter names its field.
        body: z.unknown(),
        response: { 200: envelopeOf(exportItem) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const item = await requestExport(app.db, caller, request.body);
      // Written after the answer, by this process; the exports job takes it over should this
      // process stop first.
      setImmediate(() => void writeExport(app.db, app.log, item, caller));
      return ok(item, '已开始导出');
    },
  );
  app.get(
    '/api/ag/export/list',
    {
      schema: {
        tags,
        summary: "The caller's exports of the last 7 days, newest first (keyset pages)",
        security,
        querystring: exportListQuery,
        response: { 200: envelopeOf(exportPage) },
      },
    },
    async (request) => ok(await listExports(app.db, callerOf(request), request.query)),
  );
  app.get(
    '/api/ag/export/detail',
    {
      schema: {
        tags,
        summary: "One of the caller's exports, with its progress",
        security,
        querystring: exportIdQuery,
        response: { 200: envelopeOf(exportItem) },
      },
    },
    async (request) => ok(await getExport(app.db, callerOf(request), request.query.id)),
  );
  app.get(
    '/api/ag/export/download',
    {
      schema: {
        tags,
        summary: "The .xlsx file of one of the caller's finished exports",
        security,
        querystring: exportIdQuery,
      },
    },
    async (request, reply) => {
      const file = await readExportFile(app.db, callerOf(request), request.query.id);
      return reply
        .type(XLSX_MIME)
        .header('content-disposition', disposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );
};
