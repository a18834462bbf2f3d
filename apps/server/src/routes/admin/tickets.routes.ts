import {
  adminTicket,
  adminTicketDetail,
  adminTicketQuery,
  assignTicketRequest,
  closeTicketRequest,
  envelopeOf,
  ok,
  replyTicketRequest,
  ticketAssignee,
  ticketIdParams,
  ticketStatusLabel,
  ticketTypeLabel,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import {
  adminGetTicket,
  adminReadTicketImage,
  adminTicketList,
  assignTicket,
  closeTicket,
  replyTicket,
  ticketAssignees,
} from '../../modules/support/tickets';
import { operatorOf } from '../../plugins/admin-auth';
import { STORED_FILE_HEADERS } from '../../plugins/security-headers';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** Support tickets (客服工单): the queue, one ticket, and assigning, replying and closing. */
export const adminTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/tickets', {
    permission: 'ticket:view',
    summary: 'The ticket queue, newest first, by state, type and assignee',
    querystring: adminTicketQuery,
    row: adminTicket,
    list: (q, _db, request) => adminTicketList(operatorOf(request), q),
    csv: {
      fileName: 'tickets',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '类型', value: (r) => ticketTypeLabel(r.type, 'zh') },
        { header: '状态', value: (r) => ticketStatusLabel(r.status, 'zh') },
        { header: '问题', value: (r) => r.summary },
        { header: '代理商', value: (r) => r.agentName },
        { header: '手机号', value: (r) => r.agentMobile },
        { header: '处理人', value: (r) => r.assignee ?? '' },
        { header: '回复数', type: 'number', value: (r) => r.replies },
        { header: '评分', value: (r) => (r.rating == null ? '' : String(r.rating)) },
        { header: '提交时间', value: (r) => r.createdAt },
        { header: '更新时间', value: (r) => r.updatedAt },
      ],
    },
  });
  app.get(
    '/tickets/assignees',
    {
      config: { permission: 'ticket:view' },
      schema: {
        tags,
        summary: 'Operators a ticket can be assigned to',
        security,
        response: { 200: envelopeOf(z.array(ticketAssignee)) },
      },
    },
    async () => ok(await ticketAssignees(app.db)),
  );
  app.get(
    '/tickets/:id',
    {
      config: { permission: 'ticket:view' },
      schema: {
        tags,
        summary: 'One ticket with its images and replies',
        security,
        params: ticketIdParams,
        response: { 200: envelopeOf(adminTicketDetail) },
      },
    },
    async (request) => ok(await adminGetTicket(app.db, request.params.id)),
  );
  app.get(
    '/tickets/images/:id',
    {
      config: { permission: 'ticket:view' },
      schema: {
        tags,
        summary: 'An image attached to a ticket (the image bytes)',
        security,
        params: ticketIdParams,
      },
    },
    async (request, reply) => {
      const file = await adminReadTicketImage(app.db, request.params.id);
      return reply
        .type(file.mime)
        .header('cache-control', 'private, no-store')
        .headers(STORED_FILE_HEADERS)
        .send(file.data);
    },
  );
  app.post(
    '/tickets/:id/assign',
    {
      config: { permission: 'ticket:handle' },
      schema: {
        tags,
        summary: 'Assign a ticket to an operator who may handle tickets (audited)',
        security,
        params: ticketIdParams,
        body: assignTicketRequest,
        response: { 200: envelopeOf(adminTicketDetail) },
      },
    },
    async (request) =>
      ok(
        await assignTicket(app.db, operatorOf(request), request.params.id, request.body.operatorId),
        '已分派',
      ),
  );
  app.post(
    '/tickets/:id/reply',
    {
      config: { permission: 'ticket:handle' },
      schema: {
        tags,
        summary: 'Reply to the agent (audited)',
        security,
        params: ticketIdParams,
        body: replyTicketRequest,
        response: { 200: envelopeOf(adminTicketDetail) },
      },
    },
    async (request) =>
      ok(
        await replyTicket(app.db, operatorOf(request), request.params.id, request.body.body),
        '已回复',
      ),
  );
  app.post(
    '/tickets/:id/close',
    {
      config: { permission: 'ticket:handle' },
      schema: {
        tags,
        summary: 'Close a ticket, with an optional last reply (audited)',
        security,
        params: ticketIdParams,
        body: closeTicketRequest,
        response: { 200: envelopeOf(adminTicketDetail) },
      },
    },
    async (request) =>
      ok(
        await closeTicket(app.db, operatorOf(request), request.params.id, request.body.note),
        '已关闭',
      ),
  );
};
