import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';
import { findUp } from '../../../lib/find-up';
import type { LiandongRsa } from './codec';

/**
 * The worker threads that open 联动 pushes' RSA (rsa-worker.mjs), made at the first push. The
 * private-key decryption of every push's AES key is most of a push's CPU in the server (its key
 * is new every time: nothing can be kept), and done on the event loop it held up every other
 * request and the database answers waiting behind it. In the pool it runs beside them.
 *
 * Pushes that arrive while the threads are busy wait and go to a thread together, and come back
 * together: one at a time, their stores and trades would reach the database one by one and lose
 * the batching (one statement and one commit for many) that the ingestion's cost rests on.
 *
 * One thread fewer than the cores (at least one): the event loop keeps a core. Threads left idle
 * for a minute end, and an idle pool does not keep the process alive.
 */
const WORKER = 'apps/server/src/modules/channels/liandong/rsa-worker.mjs';
const MAX_BATCH = 64;

type Task = Parameters<LiandongRsa>[0];
type Result = Awaited<ReturnType<LiandongRsa>>;

let pool: Piscina<Task[], Result[]> | null = null;
const threads = Math.max(1, availableParallelism() - 1);
let running = 0;
const waiting: { task: Task; resolve: (r: Result) => void; reject: (e: unknown) => void }[] = [];

function poolOf(): Piscina<Task[], Result[]> {
  if (!pool)
    pool = new Piscina({
      filename: path.join(findUp(WORKER), WORKER),
      minThreads: 0,
      maxThreads: threads,
      idleTimeout: 60_000,
    });
  return pool;
}

function pump() {
  while (running < threads && waiting.length > 0) {
    const batch = waiting.splice(0, MAX_BATCH);
    running += 1;
    poolOf()
      .run(batch.map((b) => b.task))
      .then(
        (results) => batch.forEach((b, i) => b.resolve(results[i]!)),
        (err: unknown) => batch.forEach((b) => b.reject(err)),
      )
      .finally(() => {
        running -= 1;
        pump();
      });
  }
}

/** The RSA half of opening a 联动 push, on the pool (codec.ts openLiandongPushWith). */
export const liandongRsaOnPool: LiandongRsa = (task) =>
  new Promise<Result>((resolve, reject) => {
    waiting.push({ task, resolve, reject });
    pump();
  });
