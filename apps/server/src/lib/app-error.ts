import { ERROR_CODES, type ErrorCodeName } from '@pos/core';

/**
 * The one error type of the server: a code, a message for the user (Chinese first, as the
 * product's users read it), and optionally the field it is about. The error handler turns it
 * into the envelope; anything else becomes a 500 whose details stay in the log.
 */
export class AppError extends Error {
  readonly code: number;
  readonly err: ErrorCodeName | string;
  readonly field: string | undefined;
  constructor(err: ErrorCodeName, msg: string, opts: { field?: string; reason?: string } = {}) {
    super(msg);
    this.code = ERROR_CODES[err];
    this.err = opts.reason ?? err;
    this.field = opts.field;
  }
}

export const badRequest = (msg: string, field?: string, reason?: string) =>
  new AppError('BAD_REQUEST', msg, { field, reason });
/** Anything outside the caller's scope answers exactly like something that does not exist. */
export const notFound = (msg = '数据不存在') => new AppError('NOT_FOUND', msg);
export const conflict = (msg: string, field?: string) => new AppError('CONFLICT', msg, { field });
export const forbidden = (msg = '没有权限') => new AppError('FORBIDDEN', msg);
export const unauthorized = (msg = '登录状态已过期，请重新登录') =>
  new AppError('UNAUTHORIZED', msg);
export const tooMany = (msg: string) => new AppError('TOO_MANY_REQUESTS', msg);
