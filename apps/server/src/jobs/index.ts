import type { FastifyInstance } from 'fastify';
import { passDueRecalls } from './recall-auto-pass';
import { failAcquirerTimeouts } from './acquirer-timeouts';
import { ledgerJobs } from './settlement';

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
];

/** Every periodic job of a listening server: the fixed ones and the ledger's. */
export const jobsFor = (app: FastifyInstance): Job[] => [...JOBS, ...ledgerJobs(app)];

export function startJobs(app: FastifyInstance, jobs: Job[] = jobsFor(app)): () => void {
  const timers: NodeJS.Timeout[] = [];
  for (const job of jobs) {
    let running = false;
    const tick = async () => {
      if (running) return;
      running = true;
      try {
        const result = await job.run(app, new Date());
        if (typeof result === 'number' && result > 0)
          app.log.info({ job: job.name, result }, 'job done');
      } catch (err) {
        app.log.error({ err, job: job.name }, 'job failed');
      } finally {
        running = false;
      }
    };
    const timer = setInterval(() => void tick(), job.everyMs);
    timer.unref();
    timers.push(timer);
    // A first run shortly after start, so work left while the server was down is picked up.
    const first = setTimeout(() => void tick(), 5_000);
    first.unref();
    timers.push(first);
  }
  const stop = () => timers.forEach((t) => clearInterval(t));
  app.addHook('onClose', async () => stop());
  return stop;
}
