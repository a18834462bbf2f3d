import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { fieldLabel } from './errors';

/**
 * Whatever arrives, the answer is the {code, msg} envelope naming the field.
 *
 * - A NUL character cannot be stored in PostgreSQL text, and no field of this API has a use for
 *   one: any string in the query, path or JSON body holding one is refused before validation.
 * - Errors Node's HTTP parser raises before Fastify sees a request (a header or request line over
 *   the size limit, a malformed request) are answered with the envelope too.
 */
export function registerInputGuard(app: FastifyInstance) {
  app.addHook('preValidation', (request, _reply, done) => {
    const where =
      findNul(request.params, '') ?? findNul(request.query, '') ?? findNul(request.body, '');
    if (where === null) return done();
    const error = new Error('nul') as Error & { nulField: string };
    error.nulField = where;
    done(error);
  });
}

/** The path of the first string holding U+0000 (for the message), or null. */
function findNul(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (value === null || typeof value !== 'object' || depth > 20) return null;
  if (Buffer.isBuffer(value)) return null;
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    const found = findNul(v, path ? `${path}.${k}` : k, depth + 1);
    if (found !== null) return found;
    // Keys count too: a NUL in a key would reach the database as a JSON key.
    if (k.includes('\u0000')) return path || k.split('\u0000').join('');
  }
  return null;
}

export function nulMessage(field: string) {
  return `${fieldLabel(field) || '参数'}不能包含控制字符`;
}

/** Answers what Node's parser refused, in the envelope (Fastify's clientErrorHandler). */
export function clientErrorEnvelope(error: Error, socket: Socket) {
  const err = error as NodeJS.ErrnoException & { rawPacket?: unknown };
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  let status = 400;
  let msg = '请求格式错误';
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    // The request line is part of the header block; a long one is a long address.
    const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.toString('latin1') : '';
    const firstLine = raw.split('\r\n', 1)[0] ?? '';
    const longPath = firstLine.length > 4096 || !firstLine.includes(' HTTP/');
    status = longPath ? 414 : 431;
    msg = longPath ? '请求地址过长' : '请求头过大';
  } else if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    status = 408;
    msg = '请求超时';
  }
  const body = JSON.stringify({ code: status, msg, err: err.code ?? 'BAD_REQUEST' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${status === 414 ? 'URI Too Long' : status === 431 ? 'Request Header Fields Too Large' : status === 408 ? 'Request Timeout' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
