import type { Role } from '@pos/core';
import type { FastifyInstance } from 'fastify';
import { DEMO_OPERATORS } from '../src/db/seed-operators';

export { DEMO_OPERATORS };

/** Signs a demo operator in (the app must run with ADMIN_TOTP off) and returns the token. */
export async function adminLogin(app: FastifyInstance, role: Role): Promise<string> {
  const { username, password } = DEMO_OPERATORS[role];
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/admin/auth/login',
    payload: { username, password },
  });
  const body = res.json() as { code: number; msg: string; data?: { token?: string } };
  if (body.code !== 200 || !body.data?.token) throw new Error(`admin login ${role}: ${body.msg}`);
  return body.data.token;
}

/** Calls the admin API with a token; returns the status and the parsed envelope. */
export async function adminCall<T = unknown>(
  app: FastifyInstance,
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/prod-api/admin${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
  const isJson = String(res.headers['content-type'] ?? '').includes('json');
  return {
    status: res.statusCode,
    body: (isJson ? res.json() : { raw: res.body }) as {
      code: number;
      msg: string;
      field?: string;
      data: T;
      raw?: string;
    },
    headers: res.headers,
  };
}
