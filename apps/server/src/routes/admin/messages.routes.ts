import {
  adminMessage,
  adminMessageQuery,
  envelopeOf,
  messageAudience,
  messageAudienceRequest,
  messageTypeLabel,
  ok,
  publishMessageRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import { adminMessageList, publishMessage, resolveAudience } from '../../modules/message/messages';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Messages to agents (消息中心): published like notices, under the content permissions. */
export const adminMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/messages', {
    permission: 'content:view',
    summary: 'Published messages with how many recipients read them',
    querystring: adminMessageQuery,
    row: adminMessage,
    list: (q) => adminMessageList(q),
    csv: {
      fileName: 'messages',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '类型', value: (r) => messageTypeLabel(r.type, 'zh') },
        { header: '标题', value: (r) => r.title },
        { header: '重要', value: (r) => (r.important ? '是' : '否') },
        { header: '接收对象', value: (r) => r.audience },
        { header: '接收人数', type: 'number', value: (r) => r.recipients },
        { header: '已读人数', type: 'number', value: (r) => r.readCount },
        { header: '发布时间', value: (r) => r.publishedAt },
        { header: '过期时间', value: (r) => r.expiresAt },
        { header: '发布人', value: (r) => r.publishedBy },
      ],
    },
  });
  app.post(
    '/messages/audience',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Who a message would reach, for the confirmation before publishing',
        security,
        body: messageAudienceRequest,
        response: { 200: envelopeOf(messageAudience) },
      },
    },
    async (request) => {
      const { target, count, names, level } = await resolveAudience(app.db, request.body);
      return ok({ target, count, names, level });
    },
  );
  app.post(
    '/messages/publish',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Publish a message to agents (audited)',
        security,
        body: publishMessageRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(await publishMessage(app.db, operatorOf(request), request.body), '发布成功'),
  );
};
