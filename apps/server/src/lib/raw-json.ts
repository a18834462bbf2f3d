import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body as sent, for routes whose callers sign the raw bytes. */
    rawBody?: string;
  }
}

/**
 * Parses JSON bodies in this plugin's scope and keeps the text as sent on request.rawBody: a
 * signature is over the bytes the caller sent, not over re-serialised JSON.
 */
export function keepRawJson(app: FastifyInstance) {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = String(body);
    request.rawBody = text;
    try {
      done(null, text === '' ? {} : JSON.parse(text));
    } catch {
      done(badRequest('请求内容不是有效的JSON'), undefined);
    }
  });
}
