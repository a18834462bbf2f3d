import {
  envelopeOf,
  messageDetail,
  messageIdQuery,
  messageListQuery,
  messagePage,
  messagePoppedRequest,
  messagePopup,
  messageUnread,
  ok,
} from '@pos/core';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  listMessages,
  type MessageLang,
  markPopped,
  popupMessages,
  readMessage,
  unreadCount,
} from '../../modules/message/messages';
import { callerOf } from '../../plugins/auth';

const tags = ['message'];

/** The product events' texts come in the app's language (it sends Accept-Language). */
const langOf = (request: { headers: { 'accept-language'?: string } }): MessageLang =>
  /^en\b/i.test(request.headers['accept-language'] ?? '') ? 'en' : 'zh';
const security = [{ bearer: [] }];

/** The message centre (消息中心): only messages aimed at the caller and not expired. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/message/list',
    {
      schema: {
        tags,
        summary: "The caller's messages, newest first (keyset pages)",
        security,
        querystring: messageListQuery,
        response: { 200: envelopeOf(messagePage) },
      },
    },
    async (request) =>
      ok(await listMessages(app.db, callerOf(request), request.query, langOf(request))),
  );
  app.get(
    '/api/ag/message/detail',
    {
      schema: {
        tags,
        summary: 'One of the caller’s messages, which marks it read',
        security,
        querystring: messageIdQuery,
        response: { 200: envelopeOf(messageDetail) },
      },
    },
    async (request) =>
      ok(await readMessage(app.db, callerOf(request), request.query.id, langOf(request))),
  );
  app.get(
    '/api/ag/message/unread',
    {
      schema: {
        tags,
        summary: "How many of the caller's messages are unread",
        security,
        response: { 200: envelopeOf(messageUnread) },
      },
    },
    async (request) => ok({ count: await unreadCount(app.db, callerOf(request)) }),
  );
  app.get(
    '/api/ag/message/popup',
    {
      schema: {
        tags,
        summary: 'Important unread messages not yet shown in a pop-up',
        security,
        response: { 200: envelopeOf(messagePopup) },
      },
    },
    async (request) =>
      ok({ rows: await popupMessages(app.db, callerOf(request), langOf(request)) }),
  );
  app.post(
    '/api/ag/message/popup',
    {
      schema: {
        tags,
        summary: 'Records that messages popped up, so they do not again',
        security,
        body: messagePoppedRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await markPopped(app.db, callerOf(request), request.body.ids);
      return ok(null);
    },
  );
};
