import {
  MERCHANT_TOKEN_HEADER,
  envelopeOf,
  ok,
  scanTerminal,
  scanTerminalQuery,
  scanTokenResponse,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { issueMerchantToken } from '../../modules/terminals/merchant-token';
import { scanTerminal as lookUpScan } from '../../modules/terminals/scan-terminal';
import { badRequest } from '../../lib/app-error';
import { callerOf } from '../../plugins/auth';

const tags = ['scan'];

/** The scan calls that read the merchant token from the `token` header (spec section 6). */
export const scanPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/app/api/scan/terminal',
    {
      schema: {
        tags,
        summary: 'The terminal a scanned code names (merchant token in the `token` header)',
        security: [{ merchantToken: [] }],
        querystring: scanTerminalQuery,
        response: { 200: envelopeOf(scanTerminal) },
      },
    },
    async (request) => {
      const header = request.headers[MERCHANT_TOKEN_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      return ok(await lookUpScan(app.db, token, request.query.sn));
    },
  );
};

/** Issuing the merchant token needs the signed-in agent. */
export const scanProtectedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app/api/scan/token',
    {
      schema: {
        tags,
        summary: 'A short-lived merchant token for the scan calls, issued to the signed-in agent',
        security: [{ bearer: [] }],
        response: { 200: envelopeOf(scanTokenResponse) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      if (caller.role !== 'agent') throw badRequest('平台账号不能扫码绑定');
      return ok(await issueMerchantToken(app.db, caller));
    },
  );
};
