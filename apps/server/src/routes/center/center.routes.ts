import {
  agentInfoResponse,
  changePasswordRequest,
  envelopeOf,
  ok,
  resetPasswordRequest,
  sendOwnSmsQuery,
  sendSmsQuery,
  sendSmsResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getAgentInfo } from '../../modules/agents/get-agent-info';
import { changePassword } from '../../modules/auth/change-password';
import { resetPassword } from '../../modules/auth/reset-password';
import { sendSmsCode } from '../../modules/sms/send-sms-code';
import { sendSmsCodeToSelf } from '../../modules/sms/send-sms-code-to-self';
import { callerOf } from '../../plugins/auth';

const tags = ['center'];
const security = [{ bearer: [] }];

/** "My center" calls that work without a token: codes for sign-up, login and reset, and reset. */
export const centerPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/my/center/sendSMS2',
    {
      schema: {
        tags,
        summary: 'Send a verification code to a mobile (register, resetPwd or login); no token',
        querystring: sendSmsQuery,
        response: { 200: envelopeOf(sendSmsResponse) },
      },
    },
    async (request) => {
      const { mobile, scene } = request.query;
      const sent = await sendSmsCode(
        { db: app.db, sender: app.sms },
        { mobile, scene, ip: request.ip },
      );
      return ok(sent, '验证码已发送');
    },
  );

  app.post(
    '/api/ag/my/center/resetPwd',
    {
      schema: {
        tags,
        summary: 'Set a new password with a resetPwd SMS code; ends every session',
        body: resetPasswordRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await resetPassword(app.db, request.body, { scryptCost: app.config.scryptCost });
      return ok(null, '密码重置成功，请重新登录');
    },
  );
};

export const centerProtectedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/my/center/sendSMS',
    {
      schema: {
        tags,
        summary: "Send a verification code to the caller's own mobile (payPwd or settle)",
        security,
        querystring: sendOwnSmsQuery,
        response: { 200: envelopeOf(sendSmsResponse) },
      },
    },
    async (request) => {
      const { agentId, topId } = callerOf(request);
      const sent = await sendSmsCodeToSelf(
        { db: app.db, sender: app.sms },
        { agentId, topId, scene: request.query.scene, ip: request.ip },
      );
      return ok(sent, '验证码已发送');
    },
  );

  app.post(
    '/api/ag/my/center/changePwd',
    {
      schema: {
        tags,
        summary: 'Change the password; ends every other session and remembered login',
        security,
        body: changePasswordRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await changePassword(app.db, callerOf(request), request.body, {
        scryptCost: app.config.scryptCost,
      });
      return ok(null, '密码修改成功');
    },
  );

  app.get(
    '/api/ag/my/center/info',
    {
      schema: {
        tags,
        summary: "The signed-in agent's profile (data.info)",
        security,
        response: { 200: envelopeOf(agentInfoResponse) },
      },
    },
    async (request) => ok({ info: await getAgentInfo(app.db, callerOf(request)) }),
  );
};
