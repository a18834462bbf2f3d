import {
  envelopeOf,
  ok,
  statsChildren,
  statsChildrenQuery,
  statsDetail,
  statsDetailQuery,
  statsOverview,
  statsOverviewQuery,
  statsReport,
  statsReportQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getStatsDetail } from '../../modules/stats/get-detail';
import { getOverview } from '../../modules/stats/get-overview';
import { getReport } from '../../modules/stats/get-report';
import { listStatsChildren } from '../../modules/stats/list-children';
import { callerOf } from '../../plugins/auth';

const tags = ['stats'];
const security = [{ bearer: [] }];

/** The data tab and the statistics report: figures of the caller's subtree, from the rollups. */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/stats/overview',
    {
      schema: {
        tags,
        summary:
          "The data tab: the caller's month (own and team figures, earnings, terminals, last days)",
        security,
        querystring: statsOverviewQuery,
        response: { 200: envelopeOf(statsOverview) },
      },
    },
    async (request) => ok(await getOverview(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/stats/report',
    {
      schema: {
        tags,
        summary:
          'Statistics over a date range (at most 366 days) for the caller or an agent of its subtree: totals and day rows (keyset pages of days)',
        security,
        querystring: statsReportQuery,
        response: { 200: envelopeOf(statsReport) },
      },
    },
    async (request) => ok(await getReport(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/stats/detail',
    {
      schema: {
        tags,
        summary:
          'One day (from = to) or one agent over a range: own and team figures, earnings by type',
        security,
        querystring: statsDetailQuery,
        response: { 200: envelopeOf(statsDetail) },
      },
    },
    async (request) => ok(await getStatsDetail(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/stats/children',
    {
      schema: {
        tags,
        summary:
          "An agent's direct sub-agents with their teams' figures over a range (keyset pages)",
        security,
        querystring: statsChildrenQuery,
        response: { 200: envelopeOf(statsChildren) },
      },
    },
    async (request) => ok(await listStatsChildren(app.db, callerOf(request), request.query)),
  );
};
