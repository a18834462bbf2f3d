import { captchaResponse, loginRequest, loginResponse, ok } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createCaptcha } from '../../modules/auth/captcha';
import { login } from '../../modules/auth/login';
import { callerOf } from '../../plugins/auth';
import { logout } from '../../modules/auth/logout';

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data: data.optional() });

export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/login/app',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with mobile and password (or a remembered-login credential)',
        body: loginRequest,
        response: { 200: loginResponse },
      },
    },
    async (request) => {
      const result = await login(app, request.body, request.ip);
      return { code: 200, msg: '登录成功', ...result };
    },
  );

  app.get(
    '/captchaImage',
    {
      schema: {
        tags: ['auth'],
        summary: 'A one-time image captcha (SVG, base64) for login',
        response: { 200: envelope(captchaResponse).extend(captchaResponse.shape) },
      },
    },
    async () => {
      if (!app.config.captchaEnabled) return { ...ok({ captchaEnabled: false }), captchaEnabled: false };
      const { uuid, img } = await createCaptcha(app.db);
      const data = { captchaEnabled: true, uuid, img };
      return { ...ok(data), ...data };
    },
  );
};

export const authProtectedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], summary: 'End this session', security: [{ bearer: [] }] } },
    async (request) => {
      await logout(app.db, callerOf(request).sessionId);
      return ok(null, '退出成功');
    },
  );
};
