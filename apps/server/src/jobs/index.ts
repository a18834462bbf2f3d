import type { FastifyInstance } from 'fastify';
import { passDueRecalls } from './recall-auto-pass';
import { failAcquirerTimeouts } from './acquirer-timeouts';
import { leasedJob, type Job } from './job';
import { ledgerJobs } from './settlement';
import { expireUnpaidOrders } from '../modules/mall/orders';
import { receiveDueOrders } from '../modules/mall/fulfilment';
import { refundPendingPayments } from '../modules/mall/payments';
import { gatewaysOf } from '../providers/payments/gateway';
import { queryUnappliedPayments } from '../modules/mall/query-payments';
import { payOutWithdrawals } from '../modules/withdrawals/pay-out-withdrawals';
import { payoutBankFor } from '../providers/payout/payout-bank';
import { runCreditJob } from '../modules/credit/deduct-credit';
import { runExportsJob } from '../modules/exports/exports';
import { summariseDailyEarnings, summaryDayAt } from '../modules/message/send-product-events';
import { runJob } from '../db/job-runs';
import { refreshRankBoards } from '../modules/rank/list-rank';

export { leasedJob, type Job, type JobContext, type JobTick } from './job';

/**
 * A small in-process scheduler for the periodic jobs. Each job ticks on its interval, never
 * overlapping itself; a failure is logged and the job runs again at its next turn. On several
 * processes each tick claims the job's due period first (a lease on its job_runs row, see
 * ./job.ts and docs/operations.md), so the period's work is done by one process; the work also
 * guards its own rows.
 *
 * To add a job, add one entry to JOBS (or to ledgerJobs).
 */
export const JOBS: Job[] = [
  // A stop between two batches, or just after the last: the next claim runs at once either way
  // and finds what is left, if anything.
  leasedJob('recall-auto-pass', 'recall_auto_pass', 60_000, async (app, { now, signal }) => ({
    processed: await passDueRecalls(app.db, now, signal),
    postedFen: 0,
    unfinished: signal.aborted,
  })),
  leasedJob('acquirer-timeouts', 'acquirer_timeouts', 30_000, async (app, { now }) => ({
    processed: await failAcquirerTimeouts(app, now),
    postedFen: 0,
  })),
  leasedJob('mall-order-timeouts', 'mall_order_timeouts', 30_000, async (app, { now, signal }) => ({
    processed: await expireUnpaidOrders(app.db, now, signal),
    postedFen: 0,
    unfinished: signal.aborted,
  })),
  // Refunds are keyed by the payment number, which gateways take as the refund's own key, so a
  // refund sent twice (a holder whose lease ran out, a retry) is paid once.
  leasedJob(
    'mall-gateway-refunds',
    'mall_gateway_refunds',
    60_000,
    async (app, { now, signal }) => ({
      processed: await refundPendingPayments(app.db, gatewaysOf(app), app.log, now, signal),
      postedFen: 0,
      unfinished: signal.aborted,
    }),
  ),
  // A notify may be late or lost: the recent payments not applied are asked about (a gateway
  // that cannot be asked relies on its notifies alone).
  leasedJob(
    'mall-gateway-queries',
    'mall_gateway_queries',
    60_000,
    async (app, { now, signal }) => ({
      processed: await queryUnappliedPayments(app.db, gatewaysOf(app), app.log, now, {
        windowMinutes: app.config.mallOrderTimeoutMinutes + 30,
        signal,
      }),
      postedFen: 0,
      unfinished: signal.aborted,
    }),
  ),
  // Payouts the provider has not finished are asked about until they are paid or failed.
  leasedJob('withdrawal-payouts', 'withdrawal_payouts', 60_000, async (app) => {
    const bank = payoutBankFor(app);
    const done = bank
      ? await payOutWithdrawals({ db: app.db, bank, cipher: app.cipher }, undefined, undefined, {
          inFlightOnly: true,
        })
      : { paid: 0, failed: 0 };
    return { processed: done.paid + done.failed, postedFen: 0 };
  }),
  leasedJob('mall-auto-receive', 'mall_auto_receive', 3_600_000, async (app, { now }) => ({
    processed: await receiveDueOrders(app.db, now),
    postedFen: 0,
  })),
  // Terminals on credit (decision 036): the day's instalments, each sale once per day, run
  // again every hour so a sale accepted later in the day is deducted that day too.
  {
    name: 'credit-deduction',
    everyMs: 3_600_000,
    run: (app, { now, signal }) =>
      runCreditJob(app.db, now, undefined, { signal, everyMs: 3_600_000 }),
  },
  // Each agent's message of its earnings of the day before (decision 043), once per day.
  {
    name: 'earnings-summary',
    everyMs: 3_600_000,
    run: (app, { now, signal }) =>
      runJob(app.db, 'earnings_summary', summaryDayAt(now), () =>
        summariseDailyEarnings(app.db, summaryDayAt(now), signal),
      ),
  },
  // Agents' exports (decision 038): any left waiting are written (the process that took the
  // request writes it at once; this picks up what a stopped process left), and the files past
  // their 7 days are deleted. Each export is claimed on its own row, so no lease on job_runs.
  {
    name: 'agent-exports',
    everyMs: 30_000,
    run: async (app, { signal }) => {
      const done = await runExportsJob(app.db, app.log, signal);
      return { ran: true, processed: done.written + done.deleted, postedFen: 0 };
    },
  },
  // Rankings (decision 031): the boards read in the last hour are computed again before they
  // age out, so a reader seldom waits for one. Each board is computed under its own lock.
  {
    name: 'rank-boards',
    everyMs: 30_000,
    run: async (app, { now, signal }) => ({
      ran: true,
      processed: await refreshRankBoards(app.db, app.config.rankMaxAgeSeconds, now, signal),
      postedFen: 0,
    }),
  },
];

/** Every periodic job of a listening server: the fixed ones and the ledger's. */
export const jobsFor = (app: FastifyInstance): Job[] => [...JOBS, ...ledgerJobs(app)];

export type JobRunOutcome = 'ran' | 'skipped' | 'failed';

/**
 * One tick of a job, logged and counted: 'ran' when this process held the due period and did
 * it, 'skipped' when it did not claim it (another process has it or has done it, or nothing
 * was due), 'failed' when the work threw.
 */
export async function tickJob(
  app: FastifyInstance,
  job: Job,
  signal: AbortSignal,
): Promise<JobRunOutcome> {
  const started = performance.now();
  let outcome: JobRunOutcome;
  try {
    const tick = await job.run(app, { now: new Date(), signal });
    outcome = tick.ran ? 'ran' : 'skipped';
    if (tick.ran && (tick.processed > 0 || tick.unfinished)) {
      app.log.info(
        { job: job.name, processed: tick.processed, unfinished: tick.unfinished ?? false },
        'job done',
      );
    }
  } catch (err) {
    outcome = 'failed';
    app.log.error({ err, job: job.name }, 'job failed');
  }
  app.ops?.jobRun(job.name, outcome, (performance.now() - started) / 1000);
  return outcome;
}

export interface StartJobsOptions {
  /** Delay of each job's first tick, so work left while the server was down is picked up. */
  firstRunMs?: number;
}

/**
 * Starts the jobs; the returned stop() (also app.jobs.stop, run by app.close() once the HTTP
 * listener has closed and the requests in flight have finished) clears the timers, tells the
 * running jobs to stop after the batch in hand, and resolves once they have. Work left over is
 * due at once for the next claim, on this process's next start or on any other process.
 */
export function startJobs(
  app: FastifyInstance,
  jobs: Job[] = jobsFor(app),
  opts: StartJobsOptions = {},
): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const inHand = new Set<Promise<unknown>>();
  const stopping = new AbortController();
  for (const job of jobs) {
    let running = false;
    const tick = async () => {
      if (running || stopping.signal.aborted) return;
      running = true;
      const p = tickJob(app, job, stopping.signal);
      inHand.add(p);
      await p;
      inHand.delete(p);
      running = false;
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    timers.push(timer);
    const first = setTimeout(() => void tick(), opts.firstRunMs ?? 5_000);
    first.unref();
    timers.push(first);
  }
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      timers.forEach((t) => clearTimeout(t));
      stopping.abort();
      await Promise.all(inHand);
    })());
  app.jobs.stop = stop;
  return stop;
}
