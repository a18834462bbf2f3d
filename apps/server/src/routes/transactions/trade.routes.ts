import {
  envelopeOf,
  flaggedTxnQuery,
  ok,
  tradeDetail,
  tradeDetailQuery,
  tradeListQuery,
  tradePage,
  tradeStats,
  tradeStatsQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getTrade } from '../../modules/transactions/get-trade';
import { listFlagged } from '../../modules/transactions/list-flagged';
import { listTrades } from '../../modules/transactions/list-trades';
import { getTradeStats } from '../../modules/transactions/trade-stats';
import { callerOf, requireOperator } from '../../plugins/auth';

const security = [{ bearer: [] }];

/** Transactions of the caller's merchants and team (the trading pages). */
export const tradeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/agent/trade/list',
    {
      schema: {
        tags: ['transactions'],
        summary:
          "Transactions of my merchants and my team's, newest first, filterable by pay type, total type, status and date",
        security,
        querystring: tradeListQuery,
        response: { 200: envelopeOf(tradePage) },
      },
    },
    async (request) => ok(await listTrades(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/agent/trade/detail',
    {
      schema: {
        tags: ['transactions'],
        summary: 'One transaction with its settlement, my earnings on it and its refunds',
        security,
        querystring: tradeDetailQuery,
        response: { 200: envelopeOf(tradeDetail) },
      },
    },
    async (request) => ok(await getTrade(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/ag/agent/trade/stats',
    {
      schema: {
        tags: ['transactions'],
        summary: 'Trading figures of a month: own merchants, whole team, by day',
        security,
        querystring: tradeStatsQuery,
        response: { 200: envelopeOf(tradeStats) },
      },
    },
    async (request) => ok(await getTradeStats(app.db, callerOf(request), request.query.month)),
  );

  app.get(
    '/api/ag/admin/notify/flagged',
    {
      schema: {
        tags: ['transactions'],
        summary:
          'Operators: stored transactions that could not be settled (unknown or unbound terminal, duplicate fee)',
        security,
        querystring: flaggedTxnQuery,
        response: {
          200: envelopeOf(
            z.object({
              rows: z.array(
                z.object({
                  id: z.number(),
                  acquirerTxnId: z.string(),
                  sn: z.string(),
                  flag: z.string(),
                  amountFen: z.number(),
                  tradeTime: z.string(),
                }),
              ),
              nextCursor: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      requireOperator(request);
      return ok(await listFlagged(app.db, request.query));
    },
  );
};
