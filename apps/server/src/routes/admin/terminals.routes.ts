import {
  snHistory as snHistorySchema,
  snHistoryQuery,
  allocateToTopRequest,
  envelopeOf,
  importIdQuery,
  ok,
  terminalImportPreview,
  terminalImportPreviewRequest,
  terminalImportProgress,
  terminalOperateResult,
  adminBrand,
  saveBrandModelsRequest,
  terminalBrand,
  terminalBrandCreateRequest,
} from '@pos/core';
import { z } from 'zod';
import { addBrand, brandTable, saveBrandModels } from '../../modules/admin/brands';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  allocateToTop,
  commitImport,
  importProgress,
  previewImport,
} from '../../modules/admin/terminal-import';
import { operatorOf } from '../../plugins/admin-auth';
import { snHistory } from '../../modules/admin/history';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminTerminalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/terminals/import/preview',
    {
      config: { permission: 'terminal:import' },
      bodyLimit: 10 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Check a CSV row by row (nothing is written to terminals)',
        security,
        body: terminalImportPreviewRequest,
        response: { 200: envelopeOf(terminalImportPreview) },
      },
    },
    async (request) => ok(await previewImport(app.db, operatorOf(request), request.body)),
  );
  app.post(
    '/terminals/import/commit',
    {
      config: { permission: 'terminal:import' },
      schema: {
        tags,
        summary: "Write a previewed import's valid rows in batches",
        security,
        body: importIdQuery,
        response: { 200: envelopeOf(terminalImportProgress) },
      },
    },
    async (request) =>
      ok(await commitImport(app.db, operatorOf(request), request.body.id), '导入完成'),
  );
  app.get(
    '/terminals/import/progress',
    {
      config: { permission: 'terminal:view' },
      schema: {
        tags,
        summary: 'Progress of an import',
        security,
        querystring: importIdQuery,
        response: { 200: envelopeOf(terminalImportProgress) },
      },
    },
    async (request) => ok(await importProgress(app.db, request.query.id)),
  );
  app.post(
    '/terminals/allocate',
    {
      config: { permission: 'terminal:import' },
      schema: {
        tags,
        summary: 'Allocate platform stock to a top-level agent',
        security,
        body: allocateToTopRequest,
        response: { 200: envelopeOf(terminalOperateResult) },
      },
    },
    async (request) =>
      ok(await allocateToTop(app.db, operatorOf(request), request.body), '下发成功'),
  );
  app.get(
    '/terminals/history',
    {
      config: { permission: 'terminal:view' },
      schema: {
        tags,
        summary: "Any SN's terminal and every operation on it, across trees",
        security,
        querystring: snHistoryQuery,
        response: { 200: envelopeOf(snHistorySchema) },
      },
    },
    async (request) => ok(await snHistory(app.db, request.query.sn)),
  );
  app.get(
    '/brands',
    {
      config: { permission: 'terminal:view' },
      schema: {
        tags,
        summary: 'Brands with their models',
        security,
        response: { 200: envelopeOf(z.array(adminBrand)) },
      },
    },
    async () => ok(await brandTable(app.db)),
  );
  app.post(
    '/brands/create',
    {
      config: { permission: 'terminal:import' },
      schema: {
        tags,
        summary: 'Define a brand and its models',
        security,
        body: terminalBrandCreateRequest,
        response: { 200: envelopeOf(terminalBrand) },
      },
    },
    async (request) => ok(await addBrand(app.db, operatorOf(request), request.body), '创建成功'),
  );
  app.post(
    '/brands/models',
    {
      config: { permission: 'terminal:import' },
      schema: {
        tags,
        summary: "Change a brand's models (a model terminals still carry stays)",
        security,
        body: saveBrandModelsRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await saveBrandModels(app.db, operatorOf(request), request.body);
      return ok(null, '保存成功');
    },
  );
};
