import {
  captchaResponse,
  envelopeOf,
  loginRequest,
  loginResponse,
  ok,
  registerRequest,
  registerResponse,
  roleInfo,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { registerAgent } from '../../modules/agents/register-agent';
import { createCaptcha } from '../../modules/auth/captcha';
import { getRoleInfo } from '../../modules/auth/get-role-info';
import { login, prepareLogin } from '../../modules/auth/login';
import { callerOf } from '../../plugins/auth';
import { logout } from '../../modules/auth/logout';

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ code: z.number(), msg: z.string(), data: data.optional() });

export const authPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  await prepareLogin(app.config.scryptCost);

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
      if (!app.config.captchaEnabled)
        return { ...ok({ captchaEnabled: false }), captchaEnabled: false };
      const { uuid, img } = await createCaptcha(app.db);
      const data = { captchaEnabled: true, uuid, img };
      return { ...ok(data), ...data };
    },
  );

  app.post(
    '/api/ag/agent/info/apiAdd',
    {
      schema: {
        tags: ['auth'],
        summary: "Register an agent under the inviter's code, proven by a register SMS code",
        body: registerRequest,
        response: { 200: envelopeOf(registerResponse) },
      },
    },
    async (request) => {
      const created = await registerAgent(app.db, request.body, {
        scryptCost: app.config.scryptCost,
        ip: request.ip,
      });
      return ok(created, '注册成功');
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

  app.get(
    '/getInfo',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Role info: roles, permissions, isSpecificAccount (also at the top level, RuoYi style)',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(roleInfo).extend(roleInfo.shape) },
      },
    },
    async (request) => {
      const info = await getRoleInfo(app.db, callerOf(request));
      return { ...ok(info), ...info };
    },
  );
};
