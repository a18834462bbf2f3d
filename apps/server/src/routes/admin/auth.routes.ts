import {
  adminLoginRequest,
  adminLoginResult,
  adminMe,
  adminNewPasswordRequest,
  adminTotpRequest,
  envelopeOf,
  ok,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  getOperator,
  operatorLogin,
  operatorLogout,
  operatorNewPassword,
  operatorTotp,
  toAdminOperator,
} from '../../modules/admin/operator-login';
import { operatorOf } from '../../plugins/admin-auth';
import { usesSimulatedSms } from './sms.routes';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminAuthPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags,
        summary: 'Operator sign-in, step 1: password (then a TOTP code unless ADMIN_TOTP=false)',
        body: adminLoginRequest,
        response: { 200: envelopeOf(adminLoginResult) },
      },
    },
    async (request) => ok(await operatorLogin(app, request.body, request.ip)),
  );
  app.post(
    '/auth/password',
    {
      schema: {
        tags,
        summary:
          'Operator sign-in, the step a password someone else issued needs: a new password of its own',
        body: adminNewPasswordRequest,
        response: { 200: envelopeOf(adminLoginResult) },
      },
    },
    async (request) => ok(await operatorNewPassword(app, request.body, request.ip)),
  );
  app.post(
    '/auth/totp',
    {
      schema: {
        tags,
        summary: 'Operator sign-in, step 2: the authenticator code (also completes enrolment)',
        body: adminTotpRequest,
        response: { 200: envelopeOf(adminLoginResult) },
      },
    },
    async (request) =>
      ok({ stage: 'done' as const, ...(await operatorTotp(app, request.body, request.ip)) }),
  );
};

export const adminAuthProtectedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth/me',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'The signed-in operator',
        security,
        response: { 200: envelopeOf(adminMe) },
      },
    },
    async (request) => {
      const caller = operatorOf(request);
      const op = await getOperator(app.db, caller.operatorId);
      return ok({
        operator: toAdminOperator(op),
        expiresAt: caller.expiresAt.toISOString(),
        idleMinutes: app.config.adminIdleMinutes,
        simulatedSms: usesSimulatedSms(app),
      });
    },
  );
  app.post(
    '/auth/logout',
    {
      config: { permission: 'session' },
      schema: {
        tags,
        summary: 'End this session',
        security,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await operatorLogout(app.db, operatorOf(request).sessionId);
      return ok(null, '已退出登录');
    },
  );
};
