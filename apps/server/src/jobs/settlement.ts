import { NOTIFY_SIGNATURE_HEADER } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { rows, type Db } from '../db/client';
import { terminals } from '../db/schema';
import { decode, select, selectOne } from '../db/typed';
import { runJob } from '../db/job-runs';
import { channelsOfTerminals, simulatePush } from '../modules/channels/simulator';
import { runSettlement, type RunSettlementOptions } from '../modules/settlement/run-settlement';
import { hmacSign } from '../lib/signature';
import { newTrafficState, nextNotification, seededRng } from '../modules/transactions/traffic';
import { runSchemeJob } from '../modules/reward-schemes/run-schemes';
import { runActivationJob } from './activation';
import { runCommFeeJob } from './comm-fee';
import { runMonthlyAllowanceJob } from './monthly-allowance';
import { runStandardCheckJob } from './standard-check';
import { leasedJob, type Job, type JobTick } from './job';

/**
 * One settlement pass with its execution status, when anything is ready: the queue batch after
 * batch until nothing is ready, or until the signal stops it between two batches (the period is
 * then left to the next claim). With everyMs, one pass per slot of that length across processes.
 */
export async function settleQueued(
  db: Db,
  opts: RunSettlementOptions & { everyMs?: number } = {},
): Promise<JobTick> {
  const ready = await rows(
    db,
    sql`SELECT 1 FROM settlement_queue WHERE not_before <= now() LIMIT 1`,
  );
  if (ready.length === 0) return { ran: false, reason: 'nothing_due' };
  const { everyMs, ...settle } = opts;
  return runJob(
    db,
    'settlement',
    'live',
    async () => {
      const totals = await runSettlement(db, settle);
      return { processed: totals.settled, postedFen: totals.sharesFen, unfinished: totals.stopped };
    },
    { repeatable: true, everyMs },
  );
}

/**
 * The ledger's background work, run by the scheduler in ./index.ts on a listening server:
 * settlement of the queue every few seconds and activation detection (each once per slot of
 * its cadence), the daily communication-fee collection, the monthly standard assessment and
 * allowance of the month just over (each once per day or month), the month partitions, and,
 * when SIMULATE_TRAFFIC is on, demo acquirer traffic through the signed endpoint.
 */
export function ledgerJobs(app: FastifyInstance): Job[] {
  const db = app.db;
  const settleEvery = app.config.settlementIntervalMs;
  const jobs: Job[] = [
    {
      name: 'settlement',
      everyMs: settleEvery,
      run: (_app, { signal }) => settleQueued(db, { signal, everyMs: settleEvery }),
    },
    {
      name: 'activation',
      everyMs: 30_000,
      run: (_app, { now, signal }) => runActivationJob(db, now, { signal, everyMs: 30_000 }),
    },
    // Reward schemes: stages judged as they close, recorded rewards credited (issue 33).
    {
      name: 'reward-schemes',
      everyMs: 60_000,
      run: (_app, { now, signal }) => runSchemeJob(db, now, { signal, everyMs: 60_000 }),
    },
    {
      name: 'comm-fee',
      everyMs: 60 * 60_000,
      run: (_app, { now, signal }) => runCommFeeJob(db, now, undefined, signal),
    },
    { name: 'standard-check', everyMs: 60 * 60_000, run: () => runStandardCheckJob(db) },
    { name: 'monthly-allowance', everyMs: 60 * 60_000, run: () => runMonthlyAllowanceJob(db) },
    // Month partitions of transactions and ledger lines, made ahead of the months they hold.
    leasedJob('ledger-partitions', 'ledger_partitions', 6 * 60 * 60_000, async () => {
      const made = await selectOne(
        db,
        {
          n: sql`ledger_ensure_partitions((now() AT TIME ZONE 'Asia/Shanghai')::date,
                                            ((now() AT TIME ZONE 'Asia/Shanghai') + interval '2 months')::date)`.mapWith(
            decode.number,
          ),
        },
        sql``,
      );
      return { processed: made?.n ?? 0, postedFen: 0 };
    }),
  ];
  if (app.config.simulateTraffic) jobs.push(demoTraffic(app));
  return jobs;
}

/**
 * Demo traffic in the background: signed notifications for the bound demo terminals, sent through
 * the real endpoint (in process), at SIMULATE_RATE per second.
 */
function demoTraffic(app: FastifyInstance): Job {
  const rng = seededRng(Date.now() % 1e9);
  const state = newTrafficState();
  let sns: string[] = [];
  let channels: Awaited<ReturnType<typeof channelsOfTerminals>> = new Map();
  let loadedAt = 0;
  return {
    name: 'simulate-traffic',
    everyMs: 1000 / Math.max(0.01, app.config.simulateRatePerSecond),
    run: async (): Promise<JobTick> => {
      if (Date.now() - loadedAt > 60_000) {
        const t = terminals;
        const found = await select(
          app.db,
          { sn: t.sn },
          sql`FROM ${t} WHERE ${t.bindStatus} IN (1, 3) AND ${t.deletedAt} IS NULL ORDER BY ${t.id} LIMIT 300`,
        );
        sns = found.map((f) => f.sn);
        channels = await channelsOfTerminals(app.db, sns);
        loadedAt = Date.now();
      }
      if (sns.length === 0) return { ran: false, reason: 'nothing_due' };
      const n = nextNotification(sns, state, rng, new Date());
      // In the protocol of the terminal's channel when the simulator can speak it (demo keys).
      const channel = channels.get(n.sn);
      const push = channel ? simulatePush(channel, n, app.config.notifySecret) : null;
      if (push) {
        await app.inject({
          method: 'POST',
          url: `/prod-api/api/notify/channel/${push.code}`,
          headers: push.headers,
          payload: push.body,
        });
        return { ran: true, processed: 1, postedFen: 0 };
      }
      // What the terminal's channel cannot say (恒信通 has no refunds) is not sent at all.
      if (channel && channel.protocol !== 'simulated') return { ran: false, reason: 'nothing_due' };
      const body = JSON.stringify(n);
      await app.inject({
        method: 'POST',
        url: '/prod-api/api/notify/transaction',
        headers: {
          'content-type': 'application/json',
          [NOTIFY_SIGNATURE_HEADER]: hmacSign(body, app.config.notifySecret),
        },
        payload: body,
      });
      return { ran: true, processed: 1, postedFen: 0 };
    },
  };
}
