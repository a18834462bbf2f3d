import {
  adminAgent,
  adminAgentDetail,
  adminAgentQuery,
  agentIdRequest,
  AGENT_SEARCH_LIMIT,
  agentPick,
  agentSearchQuery,
  createTopAgentRequest,
  createTopAgentResult,
  envelopeOf,
  ok,
  pageOf,
  resetAgentPasswordResult,
  updateAgentRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keysetPage } from '../../lib/keyset';
import { listRoute } from './list-route';
import {
  agentDetail,
  agentList,
  createTopAgent,
  resetAgentPassword,
  setAgentStatus,
  updateAgent,
} from '../../modules/admin/agents';
import { agentSearch } from '../../modules/admin/agent-search';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];
const none = { 200: envelopeOf(z.null()) };

export const adminAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  const cost = { scryptCost: app.config.scryptCost };
  listRoute(app, '/agents', {
    permission: 'agent:view',
    summary: 'The agent forest, searched by name, mobile or invite code',
    querystring: adminAgentQuery,
    row: adminAgent,
    list: (q) => agentList(q),
    csv: {
      fileName: 'agents',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '姓名', value: (r) => r.name },
        { header: '手机号', value: (r) => r.mobile },
        { header: '邀请码', value: (r) => r.inviteCode },
        { header: '等级', type: 'number', value: (r) => r.level },
        { header: '层级', type: 'number', value: (r) => r.depth },
        { header: '上级', type: 'number', value: (r) => r.parentId },
        { header: '状态', value: (r) => (r.status === 0 ? '正常' : '停用') },
        { header: '特殊账户', value: (r) => (r.isSpecificAccount ? '是' : '否') },
        { header: '注册时间(北京时间)', type: 'time', value: (r) => r.createdAt },
      ],
    },
  });
  app.get(
    '/agents/search',
    {
      config: { permission: 'agent:view' },
      schema: {
        tags,
        summary:
          'The agent picker: by name or mobile prefix, invite code or id, with the top agent',
        security,
        querystring: agentSearchQuery,
        response: { 200: envelopeOf(pageOf(agentPick)) },
      },
    },
    async (request) =>
      ok(
        await keysetPage(app.db, agentSearch(request.query), {
          pageSize: AGENT_SEARCH_LIMIT,
          cursor: request.query.cursor,
        }),
      ),
  );
  app.get(
    '/agents/detail',
    {
      config: { permission: 'agent:view' },
      schema: {
        tags,
        summary: "An agent's chain, children, wallets, terminals",
        security,
        querystring: agentIdRequest,
        response: { 200: envelopeOf(adminAgentDetail) },
      },
    },
    async (request) => ok(await agentDetail(app.db, request.query.id)),
  );
  app.post(
    '/agents/create',
    {
      config: { permission: 'agent:manage' },
      schema: {
        tags,
        summary: 'Create a top-level agent (initial password shown once)',
        security,
        body: createTopAgentRequest,
        response: { 200: envelopeOf(createTopAgentResult) },
      },
    },
    async (request) =>
      ok(await createTopAgent(app.db, operatorOf(request), request.body, cost), '创建成功'),
  );
  app.post(
    '/agents/update',
    {
      config: { permission: 'agent:manage' },
      schema: {
        tags,
        summary: 'Level and isSpecificAccount',
        security,
        body: updateAgentRequest,
        response: none,
      },
    },
    async (request) => {
      await updateAgent(app.db, operatorOf(request), request.body);
      return ok(null, '保存成功');
    },
  );
  app.post(
    '/agents/disable',
    {
      config: { permission: 'agent:manage' },
      schema: {
        tags,
        summary: 'Disable an agent (ends its sessions)',
        security,
        body: agentIdRequest,
        response: none,
      },
    },
    async (request) => {
      await setAgentStatus(app.db, operatorOf(request), request.body.id, true);
      return ok(null, '已停用');
    },
  );
  app.post(
    '/agents/enable',
    {
      config: { permission: 'agent:manage' },
      schema: { tags, summary: 'Enable an agent', security, body: agentIdRequest, response: none },
    },
    async (request) => {
      await setAgentStatus(app.db, operatorOf(request), request.body.id, false);
      return ok(null, '已启用');
    },
  );
  app.post(
    '/agents/reset-password',
    {
      config: { permission: 'agent:manage' },
      schema: {
        tags,
        summary: 'Reset to an initial password the agent must change',
        security,
        body: agentIdRequest,
        response: { 200: envelopeOf(resetAgentPasswordResult) },
      },
    },
    async (request) =>
      ok(await resetAgentPassword(app.db, operatorOf(request), request.body.id, cost), '已重置'),
  );
};
