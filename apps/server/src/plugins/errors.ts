import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';
import { nulMessage } from './input-guard';

/** Human names of request fields, for messages that say which field is wrong. */
const FIELD_NAMES: Record<string, string> = {
  username: '手机号',
  mobile: '手机号',
  password: '密码',
  oldPassword: '原密码',
  newPassword: '新密码',
  smsCode: '验证码',
  code: '验证码',
  uuid: '验证码标识',
  inviteCode: '邀请码',
  name: '姓名',
  idCard: '身份证号',
  amount: '金额',
  pageSize: '每页条数',
  cursor: '分页游标',
};

/** The human name of a request field (its last path segment), or the path itself. */
export const fieldLabel = (field: string) => FIELD_NAMES[field.split('.').pop() ?? ''] ?? field;

/** Every error leaves as the envelope {code, msg, err, field}; a 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if ((error as unknown) instanceof AppError) {
      const appError = error as unknown as AppError;
      return reply.status(appError.code).send({
        code: appError.code,
        msg: appError.message,
        err: appError.err,
        field: appError.field,
      });
    }
    const nulField = (error as { nulField?: string }).nulField;
    if (nulField !== undefined) {
      return reply.status(400).send({
        code: 400,
        msg: nulMessage(nulField),
        err: 'BAD_REQUEST',
        field: nulField || undefined,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0]!;
      const field = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
      const label = fieldLabel(field);
      const raw = first.message ?? '格式错误';
      // Messages written for users (Chinese) stand alone; zod's generic English ones get the field.
      const msg = /[\u4e00-\u9fa5]/.test(raw) ? raw : `${label || '参数'}格式错误`;
      return reply
        .status(400)
        .send({ code: 400, msg, err: 'BAD_REQUEST', field: field || undefined });
    }
    if (error.statusCode === 429) {
      return reply
        .status(429)
        .send({ code: 429, msg: '请求过于频繁，请稍后再试', err: 'TOO_MANY_REQUESTS' });
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      // Fastify's own client errors (bad JSON, body too large, wrong content type).
      const msg =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
          ? '请求内容不是有效的JSON'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? '请求内容过大'
            : '请求格式错误';
      return reply.status(error.statusCode).send({ code: error.statusCode, msg, err: error.code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 500, msg: '系统错误', err: 'INTERNAL' });
  });
}
