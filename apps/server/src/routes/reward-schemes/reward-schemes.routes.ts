import { envelopeOf, ok, terminalScheme, terminalSchemeQuery } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getTerminalScheme } from '../../modules/reward-schemes/terminal-scheme';
import { callerOf } from '../../plugins/auth';

const tags = ['terminals'];
const security = [{ bearer: [] }];

/** The app's reward-scheme calls (issue 33): a terminal's scheme progress, stage by stage. */
export const rewardSchemeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/term-info/scheme',
    {
      schema: {
        tags,
        summary:
          "A terminal's reward scheme frozen at activation: each stage's window, target, progress from its trades, reward and the caller's share",
        security,
        querystring: terminalSchemeQuery,
        response: { 200: envelopeOf(terminalScheme) },
      },
    },
    async (request) => ok(await getTerminalScheme(app.db, callerOf(request), request.query)),
  );
};
