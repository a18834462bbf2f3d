import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { NOTIFY_SIGNATURE_HEADER } from '@pos/core';
import { sql } from 'drizzle-orm';
import { afterAll } from 'vitest';
import { rows, type Db } from '../src/db/client';
import { hmacSign } from '../src/lib/signature';
import { newTrafficState, nextNotification, seededRng } from '../src/modules/transactions/traffic';

/** Real server processes for the multi-process and crash tests, killed after the file. */
const serverDir = path.resolve(import.meta.dirname, '..');
const children: ChildProcess[] = [];
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGKILL')));

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a TypeScript file of apps/server with tsx, on the given database. */
export function startProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'test', SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return child;
}

export const exited = (child: ChildProcess) =>
  child.exitCode !== null ? Promise.resolve() : new Promise((r) => child.once('exit', r));

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** Polls until probe gives a value, or fails after ms. */
export async function until<T>(probe: () => Promise<T | undefined>, ms: number, step = 20) {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms`);
    await sleep(step);
  }
}

export const scalar = async (db: Db, q: ReturnType<typeof sql>) =>
  Number((await rows<{ v: unknown }>(db, q))[0]?.v ?? 0);
export const queued = (db: Db) => scalar(db, sql`SELECT count(*) AS v FROM settlement_queue`);

/** Signed acquirer notifications for the demo's bound terminals, the same for the same seed. */
export async function demoNotifications(db: Db, count: number, prefix: string, seed = 20261124) {
  const sns = (
    await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE bind_status IN (1, 3) AND deleted_at IS NULL ORDER BY sn LIMIT 200`,
    )
  ).map((r) => r.sn);
  if (sns.length === 0) throw new Error('the demo data has no bound terminal');
  const rng = seededRng(seed);
  const state = newTrafficState();
  const t0 = Date.now() + 10;
  return Array.from({ length: count }, (_, i) =>
    JSON.stringify(nextNotification(sns, state, rng, new Date(t0 + i / 10), prefix)),
  );
}

export const signedHeaders = (body: string, secret: string) => ({
  'content-type': 'application/json',
  [NOTIFY_SIGNATURE_HEADER]: hmacSign(body, secret),
});

/** What every agent earned from each settled transaction, keyed by what two databases share. */
export const earningsByTransaction = (db: Db, prefix: string) =>
  rows<{ txn: string; mobile: string; fen: string }>(
    db,
    sql`SELECT k.acquirer_txn_id AS txn, a.mobile, sum(l.amount_fen)::text AS fen
          FROM settlements s
          JOIN transaction_keys k ON k.txn_id = s.txn_id
          JOIN ledger_lines l ON l.entry_id = s.entry_id AND l.txn_id = s.txn_id
          JOIN agents a ON a.id = l.agent_id
         WHERE k.acquirer_txn_id LIKE ${`${prefix}%`}
         GROUP BY 1, 2 ORDER BY 1, 2`,
  );
