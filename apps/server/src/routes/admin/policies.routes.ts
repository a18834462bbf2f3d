import {
  adminPolicy,
  adminPolicyChain,
  adminPolicyChainQuery,
  adminPolicyDetail,
  adminPolicyQuery,
  adminPolicyTopAgent,
  adminPolicyTopAgentQuery,
  adminRootDraft,
  adminRootDraftQuery,
  createProductPolicyRequest,
  envelopeOf,
  ok,
  openPolicyResponse,
  openRootPolicyRequest,
  productPolicyQuery,
  updateProductPolicyRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import {
  brandList,
  createPolicy,
  openTop,
  policyChain,
  policyDetail,
  policyList,
  policyTopAgents,
  rootDraft,
  updatePolicy,
} from '../../modules/admin/policies';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];
export const adminPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/policies', {
    permission: 'policy:view',
    summary: 'Product policies per brand',
    querystring: adminPolicyQuery,
    row: adminPolicy,
    list: (q) => policyList(q),
    csv: {
      fileName: 'policies',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '品牌', value: (r) => r.brandName },
        { header: '政策', value: (r) => r.name },
        { header: '版本', type: 'number', value: (r) => r.version },
        { header: '激活门槛(元)', type: 'fen', value: (r) => r.activationThresholdFen },
        { header: '激活期限(天)', type: 'number', value: (r) => r.activationWindowDays },
        { header: '达标月数', type: 'number', value: (r) => r.standardMonthCount },
        { header: '已开通一级代理', type: 'number', value: (r) => r.topAgentsOpened },
        { header: '更新时间(北京时间)', type: 'time', value: (r) => r.updatedAt },
      ],
    },
  });
  app.get(
    '/policies/brands',
    {
      config: { permission: 'policy:view' },
      schema: {
        tags,
        summary: 'The brands a product policy can be defined for',
        security,
        response: { 200: envelopeOf(z.array(z.object({ id: z.number(), name: z.string() }))) },
      },
    },
    async () => ok(await brandList(app.db)),
  );
  app.get(
    '/policies/detail',
    {
      config: { permission: 'policy:view' },
      schema: {
        tags,
        summary: 'A product policy with every term, the acquirer cost included',
        security,
        querystring: productPolicyQuery,
        response: { 200: envelopeOf(adminPolicyDetail) },
      },
    },
    async (request) => ok(await policyDetail(app.db, request.query.id)),
  );
  app.post(
    '/policies/create',
    {
      config: { permission: 'policy:manage' },
      schema: {
        tags,
        summary: "Define a brand's product policy",
        security,
        body: createProductPolicyRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(await createPolicy(app.db, operatorOf(request), request.body), '创建成功'),
  );
  app.post(
    '/policies/update',
    {
      config: { permission: 'policy:manage' },
      schema: {
        tags,
        summary:
          'Edit a product policy into a new version (same shape; every tree under it stays valid)',
        security,
        body: updateProductPolicyRequest,
        response: { 200: envelopeOf(z.object({ id: z.number(), version: z.number() })) },
      },
    },
    async (request) =>
      ok(await updatePolicy(app.db, operatorOf(request), request.body), '已生成新版本'),
  );
  listRoute(app, '/policies/top-agents', {
    permission: 'policy:view',
    summary: 'Top-level agents and their root policy under one product policy',
    querystring: adminPolicyTopAgentQuery,
    row: adminPolicyTopAgent,
    list: (q) => policyTopAgents(q),
    csv: {
      fileName: 'policy-top-agents',
      columns: [
        { header: '代理ID', type: 'number', value: (r) => r.agentId },
        { header: '姓名', value: (r) => r.name },
        { header: '手机号', value: (r) => r.mobile },
        { header: '已开通', value: (r) => (r.agentPolicyId ? '是' : '否') },
        { header: '版本', type: 'number', value: (r) => r.version },
        { header: 'POS刷卡成本(ppm)', type: 'number', value: (r) => r.posCost },
        { header: '激活奖励(元)', type: 'fen', value: (r) => r.activationRewardFen },
        { header: '更新时间(北京时间)', type: 'time', value: (r) => r.updatedAt },
      ],
    },
  });
  app.get(
    '/policies/root-draft',
    {
      config: { permission: 'policy:view' },
      schema: {
        tags,
        summary: "What opening or editing a top-level agent's root policy starts from",
        security,
        querystring: adminRootDraftQuery,
        response: { 200: envelopeOf(adminRootDraft) },
      },
    },
    async (request) => ok(await rootDraft(app.db, request.query)),
  );
  app.post(
    '/policies/open-top',
    {
      config: { permission: 'policy:manage' },
      schema: {
        tags,
        summary: "Open or edit a top-level agent's root policy (costs only down, rewards only up)",
        security,
        body: openRootPolicyRequest,
        response: { 200: envelopeOf(openPolicyResponse) },
      },
    },
    async (request) => {
      const result = await openTop(app.db, operatorOf(request), request.body);
      return ok(result, result.created ? '开通成功' : '修改成功');
    },
  );
  app.get(
    '/policies/chain',
    {
      config: { permission: 'policy:view' },
      schema: {
        tags,
        summary: "A terminal's chain of policies and costs, as settlement uses it",
        security,
        querystring: adminPolicyChainQuery,
        response: { 200: envelopeOf(adminPolicyChain) },
      },
    },
    async (request) => ok(await policyChain(app.db, request.query.sn)),
  );
};
