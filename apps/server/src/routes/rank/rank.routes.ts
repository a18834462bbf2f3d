import { envelopeOf, ok, rankList, rankListQuery } from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRank } from '../../modules/rank/list-rank';
import { callerOf } from '../../plugins/auth';

const tags = ['rank'];
const security = [{ bearer: [] }];

/** The rankings (排行榜): the caller's tree, from the rollups. */
export const rankRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/rank/list',
    {
      schema: {
        tags,
        summary:
          "The top 20 of the caller's top-level tree by a figure over the current day, week or month, and the caller's own rank",
        security,
        querystring: rankListQuery,
        response: { 200: envelopeOf(rankList) },
      },
    },
    async (request) =>
      ok(
        await listRank(app.db, callerOf(request), request.query, {
          maxAgeSeconds: app.config.rankMaxAgeSeconds,
        }),
      ),
  );
};
