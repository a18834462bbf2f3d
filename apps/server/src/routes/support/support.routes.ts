import {
  createTicketRequest,
  envelopeOf,
  ok,
  rateTicketRequest,
  TICKET_IMAGE_MAX_BYTES,
  ticketDetail,
  ticketIdQuery,
  ticketImageQuery,
  ticketImageUploaded,
  ticketListQuery,
  ticketPage,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readOneImage } from '../../lib/upload';
import {
  createTicket,
  getTicket,
  listTickets,
  rateTicket,
  readOwnTicketImage,
  uploadTicketImage,
} from '../../modules/support/tickets';
import { callerOf } from '../../plugins/auth';
import { STORED_FILE_HEADERS } from '../../plugins/security-headers';

const tags = ['support'];
const security = [{ bearer: [] }];

/** Support tickets (客服工单): only ever the caller's own. */
export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ag/ticket/image',
    {
      schema: {
        tags,
        summary:
          'Upload an image for a ticket about to be opened (multipart field "file"; JPEG, PNG or WebP, at most 2 MB)',
        security,
        response: { 200: envelopeOf(ticketImageUploaded) },
      },
    },
    async (request) => {
      const { data, truncated } = await readOneImage(request, TICKET_IMAGE_MAX_BYTES);
      return ok(
        await uploadTicketImage(app.db, callerOf(request), { data, truncated }),
        '上传成功',
      );
    },
  );
  app.post(
    '/api/ag/ticket/create',
    {
      schema: {
        tags,
        summary: 'Open a ticket with a type, a description and up to three uploaded images',
        security,
        body: createTicketRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await createTicket(app.db, callerOf(request), request.body), '提交成功'),
  );
  app.get(
    '/api/ag/ticket/list',
    {
      schema: {
        tags,
        summary: "The caller's tickets, newest first (keyset pages)",
        security,
        querystring: ticketListQuery,
        response: { 200: envelopeOf(ticketPage) },
      },
    },
    async (request) => ok(await listTickets(app.db, callerOf(request), request.query)),
  );
  app.get(
    '/api/ag/ticket/detail',
    {
      schema: {
        tags,
        summary: "One of the caller's tickets with its images and replies",
        security,
        querystring: ticketIdQuery,
        response: { 200: envelopeOf(ticketDetail) },
      },
    },
    async (request) => ok(await getTicket(app.db, callerOf(request), request.query.id)),
  );
  app.get(
    '/api/ag/ticket/image',
    {
      schema: {
        tags,
        summary: 'An image the caller uploaded (the image bytes)',
        security,
        querystring: ticketImageQuery,
      },
    },
    async (request, reply) => {
      const file = await readOwnTicketImage(app.db, callerOf(request), request.query.id);
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=3600')
        .headers(STORED_FILE_HEADERS)
        .send(file.data);
    },
  );
  app.post(
    '/api/ag/ticket/rate',
    {
      schema: {
        tags,
        summary: 'Rate the answer (1 to 5 stars, once, after a reply); the ticket closes',
        security,
        body: rateTicketRequest,
        response: { 200: envelopeOf(ticketDetail) },
      },
    },
    async (request) => ok(await rateTicket(app.db, callerOf(request), request.body), '感谢评价'),
  );
};
