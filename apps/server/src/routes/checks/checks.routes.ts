import {
  activationCheckPage,
  activationCheckQuery,
  envelopeOf,
  merchantTerminals,
  merchantTerminalsQuery,
  ok,
  standardCheckPage,
  standardCheckQuery,
  terminalCheck,
  terminalCheckQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getMerchantTerminals } from '../../modules/checks/get-merchant-terminals';
import { getTerminalCheck } from '../../modules/checks/get-terminal-check';
import { listActivationChecks } from '../../modules/checks/list-activation-checks';
import { listStandardChecks } from '../../modules/checks/list-standard-checks';
import { callerOf } from '../../plugins/auth';

const tags = ['checks'];
const security = [{ bearer: [] }];

/** Standards checks (tripartiteData): terminals of the caller's subtree only. */
export const checksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/check/standard',
    {
      schema: {
        tags,
        summary:
          "Merchant standard check of a month: each bound terminal in month k of its policy, its check type, and the job's execution status (keyset pages)",
        security,
        querystring: standardCheckQuery,
        response: { 200: envelopeOf(standardCheckPage) },
      },
    },
    async (request) => ok(await listStandardChecks(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/check/activation',
    {
      schema: {
        tags,
        summary:
          'Activation check: whether and when terminals activated and why not, searched by SN (keyset pages)',
        security,
        querystring: activationCheckQuery,
        response: { 200: envelopeOf(activationCheckPage) },
      },
    },
    async (request) => ok(await listActivationChecks(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/check/terminal',
    {
      schema: {
        tags,
        summary: "One terminal's activation check and standard checks across its months",
        security,
        querystring: terminalCheckQuery,
        response: { 200: envelopeOf(terminalCheck) },
      },
    },
    async (request) => ok(await getTerminalCheck(app.db, callerOf(request), request.query.sn)),
  );

  app.get(
    '/api/ag/check/merchant-terminals',
    {
      schema: {
        tags,
        summary:
          "A merchant's bound terminals with binding time and activation state (keyset pages)",
        security,
        querystring: merchantTerminalsQuery,
        response: { 200: envelopeOf(merchantTerminals) },
      },
    },
    async (request) => ok(await getMerchantTerminals(app.db, callerOf(request), request.query)),
  );
};
