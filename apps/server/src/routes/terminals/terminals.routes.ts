import {
  envelopeOf,
  importTerminalsRequest,
  ok,
  recallDecisionRequest,
  terminalBatchResult,
  terminalBindRequest,
  terminalBindResult,
  terminalBrand,
  terminalBrandCreateRequest,
  terminalBrandModifyRequest,
  terminalImportCsvRequest,
  terminalInfo,
  terminalInfoQuery,
  terminalListQuery,
  terminalOperateRequest,
  terminalOperatePreview,
  terminalOperateResult,
  terminalOperationInfo,
  terminalOperationInfoQuery,
  terminalOperationListQuery,
  terminalOperationPage,
  terminalPage,
  terminalPlatformBatchRequest,
  terminalPolicyOption,
  terminalPolicyOptionsQuery,
  terminalSummary,
  terminalSummaryQuery,
  terminalTargetAgentPage,
  terminalTargetAgentsQuery,
  terminalTeamBreakdown,
  terminalUnbindRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bindTerminal } from '../../modules/terminals/bind-terminal';
import { createBrand } from '../../modules/terminals/create-brand';
import { decideRecall } from '../../modules/terminals/decide-recall';
import { deleteTerminals } from '../../modules/terminals/delete-terminals';
import { getOperationInfo } from '../../modules/terminals/get-operation-info';
import { getTeamBreakdown } from '../../modules/terminals/get-team-breakdown';
import { getTerminalInfo } from '../../modules/terminals/get-terminal-info';
import { getTerminalSummary } from '../../modules/terminals/get-terminal-summary';
import { importTerminals } from '../../modules/terminals/import-terminals';
import { importTerminalsCsv } from '../../modules/terminals/import-terminals-csv';
import { listBrands, listPolicyOptions } from '../../modules/terminals/list-brands';
import { listOperations } from '../../modules/terminals/list-operations';
import { listTargetAgents } from '../../modules/terminals/list-target-agents';
import { listTerminals } from '../../modules/terminals/list-terminals';
import { modifyBrand } from '../../modules/terminals/modify-brand';
import { operateTerminals } from '../../modules/terminals/operate-terminals';
import { previewOperation } from '../../modules/terminals/preview-operation';
import { reclaimTerminals } from '../../modules/terminals/reclaim-terminals';
import { unbindTerminal } from '../../modules/terminals/unbind-terminal';
import { callerOf, requireOperator } from '../../plugins/auth';

const tags = ['terminals'];
const opTags = ['terminals (operators)'];
const security = [{ bearer: [] }];

/**
 * Terminal stock, operations and records for agents (scoped to the caller's subtree), and the
 * operators' calls under the same prefix. Paths follow the spec's /api/term-info/brandList.
 */
export const terminalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/term-info/brandList',
    {
      schema: {
        tags,
        summary: 'Terminal brands with their models',
        security,
        response: { 200: envelopeOf(z.array(terminalBrand)) },
      },
    },
    async () => ok(await listBrands(app.db)),
  );

  app.get(
    '/api/term-info/policyOptions',
    {
      schema: {
        tags,
        summary: 'Product policies (id and name), optionally of one brand',
        security,
        querystring: terminalPolicyOptionsQuery,
        response: { 200: envelopeOf(z.array(terminalPolicyOption)) },
      },
    },
    async (request) => ok(await listPolicyOptions(app.db, request.query.brandId)),
  );

  app.get(
    '/api/term-info/summary',
    {
      schema: {
        tags,
        summary:
          'Counts of the subtree (or one holder) by bind status and brand, and recalls awaiting my answer',
        security,
        querystring: terminalSummaryQuery,
        response: { 200: envelopeOf(terminalSummary) },
      },
    },
    async (request) => ok(await getTerminalSummary(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/term-info/teamBreakdown',
    {
      schema: {
        tags,
        summary: 'My own stock and each direct sub-agent team, by bind status',
        security,
        response: { 200: envelopeOf(terminalTeamBreakdown) },
      },
    },
    async (request) => ok(await getTeamBreakdown(app.db, callerOf(request))),
  );

  app.get(
    '/api/term-info/list',
    {
      schema: {
        tags,
        summary:
          'Terminals of my subtree by holder path and SN, keyset paged; filters: bind status, brand, holder, SN prefix',
        security,
        querystring: terminalListQuery,
        response: { 200: envelopeOf(terminalPage) },
      },
    },
    async (request) => ok(await listTerminals(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/term-info/info',
    {
      schema: {
        tags,
        summary: 'One terminal (by id or SN) with its operation history',
        security,
        querystring: terminalInfoQuery,
        response: { 200: envelopeOf(terminalInfo) },
      },
    },
    async (request) => ok(await getTerminalInfo(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/term-info/targetAgents',
    {
      schema: {
        tags,
        summary:
          'Agents an operation can name: direct sub-agents (allocate) or the subtree (transfer, recall)',
        security,
        querystring: terminalTargetAgentsQuery,
        response: { 200: envelopeOf(terminalTargetAgentPage) },
      },
    },
    async (request) => ok(await listTargetAgents(app.db, callerOf(request), request.query)),
  );

  app.post(
    '/api/term-info/preview',
    {
      schema: {
        tags,
        summary: 'What an allocate, transfer or recall would move and to whom; changes nothing',
        security,
        body: terminalOperateRequest,
        response: { 200: envelopeOf(terminalOperatePreview) },
      },
    },
    async (request) => ok(await previewOperation(app.db, callerOf(request), request.body)),
  );

  app.post(
    '/api/term-info/operate',
    {
      schema: {
        tags,
        summary:
          'Allocate (0), transfer (1) or recall (2) a batch by SN list or range, all or nothing',
        security,
        body: terminalOperateRequest,
        response: { 200: envelopeOf(terminalOperateResult) },
      },
    },
    async (request) => {
      const result = await operateTerminals(app.db, callerOf(request), request.body);
      return ok(result, result.status === 0 ? '回拨已提交，等待对方确认' : '操作成功');
    },
  );

  app.post(
    '/api/term-info/recall/decide',
    {
      schema: {
        tags,
        summary: 'The holder accepts or rejects a recall',
        security,
        body: recallDecisionRequest,
        response: { 200: envelopeOf(terminalOperateResult) },
      },
    },
    async (request) => {
      const { msg, ...result } = await decideRecall(app.db, callerOf(request), request.body);
      return ok(result, msg);
    },
  );

  app.get(
    '/api/term-info/operations',
    {
      schema: {
        tags,
        summary: 'My operation records (started by me, or naming me), newest first, keyset paged',
        security,
        querystring: terminalOperationListQuery,
        response: { 200: envelopeOf(terminalOperationPage) },
      },
    },
    async (request) => ok(await listOperations(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/term-info/operation',
    {
      schema: {
        tags,
        summary: 'One operation record with its SNs, a page at a time',
        security,
        querystring: terminalOperationInfoQuery,
        response: { 200: envelopeOf(terminalOperationInfo) },
      },
    },
    async (request) => ok(await getOperationInfo(app.db, callerOf(request), request.query)),
  );

  app.post(
    '/api/term-info/bind',
    {
      schema: {
        tags,
        summary: 'Bind a terminal I hold to one of my merchants, or to a new merchant',
        security,
        body: terminalBindRequest,
        response: { 200: envelopeOf(terminalBindResult) },
      },
    },
    async (request) => ok(await bindTerminal(app.db, callerOf(request), request.body), '绑定成功'),
  );

  app.post(
    '/api/term-info/unbind',
    {
      schema: {
        tags,
        summary: 'Release a bound (not activated) terminal from its merchant',
        security,
        body: terminalUnbindRequest,
        response: { 200: envelopeOf(z.object({ operationId: z.number() })) },
      },
    },
    async (request) =>
      ok(await unbindTerminal(app.db, callerOf(request), request.body), '解绑成功'),
  );

  // ---------------------------------------------------------------------------------------------
  // Operators
  // ---------------------------------------------------------------------------------------------

  app.post(
    '/api/term-info/brand',
    {
      schema: {
        tags: opTags,
        summary: 'Define a brand and its models',
        security,
        body: terminalBrandCreateRequest,
        response: { 200: envelopeOf(terminalBrand) },
      },
    },
    async (request) => {
      requireOperator(request);
      return ok(await createBrand(app.db, request.body));
    },
  );

  app.post(
    '/api/term-info/import',
    {
      schema: {
        tags: opTags,
        summary:
          'Import terminals into platform stock by SN list or range, with brand, model and policy',
        security,
        body: importTerminalsRequest,
        response: { 200: envelopeOf(terminalBatchResult) },
      },
    },
    async (request) => {
      requireOperator(request);
      const result = await importTerminals(app.db, request.body);
      return ok(result, `成功导入${result.count}台终端`);
    },
  );

  app.post(
    '/api/term-info/importCsv',
    {
      schema: {
        tags: opTags,
        summary: 'Import terminals from CSV text (columns sn, brand, model, policy)',
        security,
        body: terminalImportCsvRequest,
        response: { 200: envelopeOf(terminalBatchResult) },
      },
    },
    async (request) => {
      requireOperator(request);
      const result = await importTerminalsCsv(app.db, request.body.csv);
      return ok(result, `成功导入${result.count}台终端`);
    },
  );

  app.post(
    '/api/term-info/reclaim',
    {
      schema: {
        tags: opTags,
        summary: 'Take unbound terminals back into platform stock, all or nothing',
        security,
        body: terminalPlatformBatchRequest,
        response: { 200: envelopeOf(terminalBatchResult) },
      },
    },
    async (request) =>
      ok(await reclaimTerminals(app.db, requireOperator(request), request.body), '回收成功'),
  );

  app.post(
    '/api/term-info/delete',
    {
      schema: {
        tags: opTags,
        summary: 'Retire unbound terminals (history kept), all or nothing',
        security,
        body: terminalPlatformBatchRequest,
        response: { 200: envelopeOf(terminalBatchResult) },
      },
    },
    async (request) =>
      ok(await deleteTerminals(app.db, requireOperator(request), request.body), '删除成功'),
  );

  app.post(
    '/api/term-info/brandModification',
    {
      schema: {
        tags: opTags,
        summary:
          'Correct the brand and model of unbound terminals, all or nothing (dryRun: count only)',
        security,
        body: terminalBrandModifyRequest,
        response: { 200: envelopeOf(terminalBatchResult) },
      },
    },
    async (request) => {
      const result = await modifyBrand(app.db, requireOperator(request), request.body);
      return ok(result, request.body.dryRun ? `共${result.count}台终端可修改` : '品牌修改成功');
    },
  );
};
