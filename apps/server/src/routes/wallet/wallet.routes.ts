import {
  agentWallet,
  earningDetail,
  earningQuery,
  earningsStats,
  earningsStatsQuery,
  envelopeOf,
  jobRun,
  ledgerPage,
  ledgerQuery,
  ok,
  runJobRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ledgerHealth } from '../../modules/ledger/ledger-health';
import { listJobRuns } from '../../db/job-runs';
import { runJobNow } from '../../modules/settlement/run-job-now';
import { rollupDrift } from '../../modules/stats/rollups';
import { getAgentWallet } from '../../modules/wallet/get-agent-wallet';
import { getEarning } from '../../modules/wallet/get-earning';
import { getEarningsStats } from '../../modules/wallet/earnings-stats';
import { listLedger } from '../../modules/wallet/list-ledger';
import { callerOf, requireOperator } from '../../plugins/auth';

const security = [{ bearer: [] }];

/** The caller's wallet, ledger and earnings; the operators' view of the jobs and the ledger. */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/agent/wallet/showAgentWallet',
    {
      schema: {
        tags: ['wallet'],
        summary: "My wallet: balances by wallet type, today's and this month's earnings",
        security,
        response: { 200: envelopeOf(agentWallet) },
      },
    },
    async (request) => ok(await getAgentWallet(app.db, callerOf(request))),
  );

  app.get(
    '/api/ag/agent/wallet/ledger',
    {
      schema: {
        tags: ['wallet'],
        summary:
          'My ledger, newest first: account details of a wallet, or earnings records by info type and month',
        security,
        querystring: ledgerQuery,
        response: { 200: envelopeOf(ledgerPage) },
      },
    },
    async (request) => ok(await listLedger(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/agent/wallet/earning',
    {
      schema: {
        tags: ['wallet'],
        summary: 'One earnings record with how it was computed',
        security,
        querystring: earningQuery,
        response: { 200: envelopeOf(earningDetail) },
      },
    },
    async (request) => ok(await getEarning(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/ag/agent/wallet/earningsStats',
    {
      schema: {
        tags: ['wallet'],
        summary: 'My earnings of a month by info type and by day',
        security,
        querystring: earningsStatsQuery,
        response: { 200: envelopeOf(earningsStats) },
      },
    },
    async (request) => ok(await getEarningsStats(app.db, callerOf(request), request.query.month)),
  );

  app.get(
    '/api/ag/admin/jobs/list',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Operators: the settlement and reward jobs with their execution status',
        security,
        response: { 200: envelopeOf(z.array(jobRun)) },
      },
    },
    async (request) => {
      requireOperator(request);
      return ok(await listJobRuns(app.db));
    },
  );

  app.post(
    '/api/ag/admin/jobs/run',
    {
      schema: {
        tags: ['wallet'],
        summary:
          'Operators: run a job now for a period (idempotent: a period that succeeded is not run again)',
        security,
        body: runJobRequest,
        response: {
          200: envelopeOf(
            z.object({
              ran: z.boolean(),
              processed: z.number(),
              postedFen: z.number(),
              status: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => {
      requireOperator(request);
      return ok(await runJobNow(app.db, request.body.job, request.body.period));
    },
  );

  app.get(
    '/api/ag/admin/ledger/health',
    {
      schema: {
        tags: ['wallet'],
        summary:
          "Operators: the ledger's invariants (global sum zero, no wallet below zero, balanced entries), refunds waiting for their original, fees superseded in their period, and the rows of each rollup that differ from its base tables (rollupDrift, all 0 when healthy)",
        security,
        response: {
          200: envelopeOf(
            z.object({
              globalSumFen: z.number(),
              linesSumFen: z.number(),
              negativeAgentAccounts: z.number(),
              unbalancedEntries: z.number(),
              balanceMismatches: z.number(),
              refundsAwaitingOriginal: z.number(),
              feesSuperseded: z.number(),
              rollupDrift: z.object({
                agentDailyStats: z.number(),
                agentMonthlyStats: z.number(),
                terminalDailyVolume: z.number(),
                agentDailyEarnings: z.number(),
                terminalStockCounts: z.number(),
              }),
            }),
          ),
        },
      },
    },
    async (request) => {
      requireOperator(request);
      const [health, drift] = await Promise.all([ledgerHealth(app.db), rollupDrift(app.db)]);
      return ok({ ...health, rollupDrift: drift });
    },
  );
};
