import type { ChildProcess } from 'node:child_process';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import { createTestContext } from './helpers';
import {
  factsFrom,
  listsOf,
  makeDue,
  orderWorld,
  queueLength,
  settleAll,
  shuffled,
} from './order-facts';
import { exited, sleep, startProcess } from './processes';

/**
 * One set of facts, one ledger, with crashes (issue 26): the notifications of one generated set
 * arrive in a random order and lists while a jobs process settles them, and that process is
 * killed with SIGKILL inside a batch (its transaction open, lines staged or posted) at random
 * points and started again; what every transaction earned, per agent and kind, is what an
 * in-process run that saw everything before settling gives, to the fen.
 */
const ctx = await createTestContext();
const db = ctx.database.db;
const { demo } = ctx;
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const base = Date.now() - 5 * 86_400_000;
const LEASE_MS = 1000;
let worlds = 0;
let kills = 0;

/** A jobs process settling the queue with batches of batchSize; hangs in batch hangIn (0 never). */
function jobsProcess(batchSize: number, hangIn: number, step: 'staged' | 'lines'): ChildProcess {
  return startProcess('test/fixtures/settle-jobs.ts', [String(batchSize), String(hangIn), step], {
    DATABASE_URL: ctx.database.url!,
    JOB_LEASE_MS: String(LEASE_MS),
  });
}

/** Runs a jobs process until it hangs in the batch asked (then kills it) or drains the queue. */
async function runAndKill(batchSize: number, hangIn: number, step: 'staged' | 'lines') {
  const child = jobsProcess(batchSize, hangIn, step);
  const holding = await new Promise<boolean>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('holding')) resolve(true);
      else if (out.includes('drained')) resolve(false);
    });
    child.once('exit', (code) =>
      code === 0 ? resolve(false) : reject(new Error(`jobs process exited with ${code}`)),
    );
  });
  if (holding) {
    child.kill('SIGKILL');
    kills += 1;
  }
  await exited(child);
}

/** A jobs process that is never killed settles everything, waits made due as time would. */
async function drain(batchSize: number) {
  const child = jobsProcess(batchSize, 0, 'staged');
  const end = Date.now() + 90_000;
  while ((await queueLength(db)) > 0) {
    if (Date.now() > end) throw new Error('the jobs process never drained the queue');
    await makeDue(db);
    await sleep(100);
  }
  await exited(child);
  expect(child.exitCode).toBe(0);
}

const plan = fc.record({
  seed: fc.integer(),
  listSize: fc.integer({ min: 1, max: 4 }),
  batchSize: fc.integer({ min: 1, max: 3 }),
  // Per round of lists delivered: the batch the jobs process is killed in, and where in it.
  kills: fc.array(
    fc.record({ batch: fc.integer({ min: 1, max: 2 }), step: fc.constantFrom('staged', 'lines') }),
    { minLength: 1, maxLength: 2 },
  ),
});

describe.runIf(ctx.database.kind === 'postgres')(
  'property: the jobs process killed mid-batch, the same facts settle to the same earnings',
  () => {
    it('per transaction, agent and kind, to the fen, across orders, lists and SIGKILLs', async () => {
      await fc.assert(
        fc.asyncProperty(factsFrom(base), plan, async (list, p) => {
          // Everything delivered before settling, in process: what each transaction earns.
          const reference = await orderWorld(db, chain, base, `OC${++worlds}`);
          for (const part of listsOf(list, list.length)) await reference.ingest(part);
          await settleAll(db, 5);
          const want = await reference.earnings();

          // Delivered in rounds while a jobs process settles, killed inside a batch each round.
          const world = await orderWorld(db, chain, base, `OC${++worlds}`);
          const lists = listsOf(shuffled(list, p.seed), p.listSize);
          const perRound = Math.ceil(lists.length / p.kills.length);
          for (const [i, kill] of p.kills.entries()) {
            for (const part of lists.slice(i * perRound, (i + 1) * perRound))
              await world.ingest(part);
            await runAndKill(p.batchSize, kill.batch, kill.step);
          }
          await drain(p.batchSize);
          expect(await world.earnings()).toEqual(want);
        }),
        { numRuns: 4, seed: 2627 },
      );
      // The kills really happened inside batches, at least once per run.
      expect(kills).toBeGreaterThanOrEqual(4);
      console.log(`order crash test: ${kills} jobs processes killed inside a batch`);
      expect(await ledgerHealth(db)).toMatchObject({
        globalSumFen: 0,
        negativeAgentAccounts: 0,
        unbalancedEntries: 0,
        balanceMismatches: 0,
        refundsAwaitingOriginal: 0,
      });
    }, 300_000);
  },
);
