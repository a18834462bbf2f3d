/**
 * Error codes shared by server and client. The envelope's `code` is the numeric HTTP-like code
 * (200 success); `err` names the reason for programs, `msg` is for people.
 */
export const ERROR_CODES = {
  OK: 200,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  INTERNAL: 500,
} as const;
export type ErrorCodeName = keyof typeof ERROR_CODES;

export interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data?: T;
  /** Machine-readable reason, present on errors. */
  err?: string;
  /** The input field an error is about, when there is one. */
  field?: string;
}

export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 200, msg, data });

/** Sent (code 428) while an agent still holds an initial password: the app opens change-password. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';
