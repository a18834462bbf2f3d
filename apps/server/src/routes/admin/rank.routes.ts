import { envelopeOf, ok, rankList, rankListQuery } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRank } from '../../modules/rank/list-rank';
import type { Caller } from '../../plugins/auth';

/** The platform as a viewer of the rankings: every tree, names in full (decision 010). */
const PLATFORM: Caller = {
  agentId: 0,
  role: 'operator',
  path: '',
  topId: null,
  sessionId: '',
  mustChangePassword: false,
};

export const adminRankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rank',
    {
      config: { permission: 'dashboard:view' },
      schema: {
        tags: ['admin'],
        summary:
          'The platform-wide top 20 agents by a figure over the current day, week or month (full names)',
        security: [{ bearer: [] }],
        querystring: rankListQuery,
        response: { 200: envelopeOf(rankList) },
      },
    },
    async (request) =>
      ok(
        await listRank(app.db, PLATFORM, request.query, {
          maxAgeSeconds: app.config.rankMaxAgeSeconds,
        }),
      ),
  );
};
