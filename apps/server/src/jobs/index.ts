import type { FastifyInstance } from 'fastify';
import { passDueRecalls } from './recall-auto-pass';
import { failAcquirerTimeouts } from './acquirer-timeouts';
import { ledgerJobs } from './settlement';
import { expireUnpaidOrders } from '../modules/mall/orders';
import { receiveDueOrders } from '../modules/mall/fulfilment';
import { refundPendingPayments } from '../modules/mall/payments';
import { gatewayFor } from '../modules/payments/gateway';

/**
 * A small in-process scheduler for the periodic jobs. Each job runs on its interval, never
 * overlapping itself; a failure is logged and the job runs again at its next turn. Timers are
 * unref'd and stopped when the app closes. On several processes every job must be safe to run
 * concurrently (each guards its own rows).
 *
 * To add a job, add one entry to JOBS.
 */
export interface Job {
  name: string;
  everyMs: number;
  run(app: FastifyInstance, now: Date): Promise<unknown>;
}

export const JOBS: Job[] = [
  { name: 'recall-auto-pass', everyMs: 60_000, run: (app, now) => passDueRecalls(app.db, now) },
  { name: 'acquirer-timeouts', everyMs: 30_000, run: (app, now) => failAcquirerTimeouts(app, now) },
  {
    name: 'mall-order-timeouts',
    everyMs: 30_000,
    run: (app, now) => expireUnpaidOrders(app.db, now),
  },
  {
    // Refunds are keyed by the payment number, which gateways take as the refund's own key, so a
    // refund sent twice (two processes, a retry) is paid once.
    name: 'mall-gateway-refunds',
    everyMs: 60_000,
    run: (app, now) => refundPendingPayments(app.db, gatewayFor(app), app.log, now),
  },
  {
    name: 'mall-auto-receive',
    everyMs: 3_600_000,
    run: (app, now) => receiveDueOrders(app.db, now),
  },
];

/** Every periodic job of a listening server: the fixed ones and the ledger's. */
export const jobsFor = (app: FastifyInstance): Job[] => [...JOBS, ...ledgerJobs(app)];

/**
 * Starts the jobs; the returned stop() clears the timers and resolves once every run in hand
 * has finished, so a graceful shutdown never cuts a batch (which would only be redone anyway).
 */
export function startJobs(app: FastifyInstance, jobs: Job[] = jobsFor(app)): () => Promise<void> {
  const timers: NodeJS.Timeout[] = [];
  const inHand = new Set<Promise<void>>();
  let stopped = false;
  for (const job of jobs) {
    let running = false;
    const run = async () => {
      const started = performance.now();
      let ok = true;
      try {
        const result = await job.run(app, new Date());
        if (typeof result === 'number' && result > 0)
          app.log.info({ job: job.name, result }, 'job done');
      } catch (err) {
        ok = false;
        app.log.error({ err, job: job.name }, 'job failed');
      } finally {
        running = false;
        app.ops?.jobRun(job.name, (performance.now() - started) / 1000, ok);
      }
    };
    const tick = async () => {
      if (running || stopped) return;
      running = true;
      const p = run();
      inHand.add(p);
      await p;
      inHand.delete(p);
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    timers.push(timer);
    // A first run shortly after start, so work left while the server was down is picked up.
    const first = setTimeout(() => void tick(), 5_000);
    first.unref();
    timers.push(first);
  }
  const stop = async () => {
    stopped = true;
    timers.forEach((t) => clearInterval(t));
    await Promise.all(inHand);
  };
  app.addHook('onClose', stop);
  return stop;
}
