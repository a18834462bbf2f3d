/**
 * Acquirer traffic simulator (npm run simulate -w @pos/server -- [options]).
 *
 * Sends realistic signed notifications for the demo terminals through the real endpoint
 * (POST /prod-api/api/notify/transaction, HMAC-SHA256 of the raw body with NOTIFY_SECRET): the
 * spec's pay types, total types, card types and methods in plausible proportions, amounts by kind
 * of payment, busy hours of the day, about 5% failures, refunds and reversals of earlier
 * payments, and now and then a repeated notification (which the server ignores).
 *
 * Options:
 *   --url URL            the server (default http://localhost:8080, or SIMULATE_URL)
 *   --rate N             notifications per second (default 2)
 *   --duration S         stop after S seconds (default 60; 0 runs until stopped)
 *   --count N            stop after N notifications
 *   --sn A,B,C           terminals to use (default: the demo seed's bound terminals, or those
 *                        found in DATABASE_URL when it is set)
 *   --secret S           the shared secret (default NOTIFY_SECRET, else the demo default)
 *   --backfill-days D    spread trade times over the past D days instead of now
 *   --payments-only      successful payments only (no failures, refunds or repeats)
 *   --prefix P           acquirer id prefix (default SIM)
 *   --seed N             random seed, to repeat a run
 *   --quiet              print only the summary
 */
import { NOTIFY_SIGNATURE_HEADER, TRANSACTION_STATUS } from '@pos/core';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { hmacSign } from '../src/modules/transactions/signature';
import {
  newTrafficState,
  nextNotification,
  pastTradeTime,
  seededRng,
} from '../src/modules/transactions/traffic';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const flag = (name: string) => args.includes(`--${name}`);

/** The bound demo terminals of the terminals seed (see src/db/seed-terminals.ts). */
function demoSns(): string[] {
  const range = (prefix: string, from: number, to: number) =>
    Array.from(
      { length: to - from + 1 },
      (_, i) => `${prefix}${String(from + i).padStart(8, '0')}`,
    );
  return [
    ...range('LD', 1, 40),
    ...range('LD', 1501, 1520),
    ...range('LD', 1801, 1830),
    ...range('LD', 2001, 2020),
    ...range('XN', 1, 20),
    ...range('XN', 701, 710),
  ];
}

async function snsFromDatabase(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{ sn: string }>(
      `SELECT sn FROM terminals WHERE bind_status IN (1, 3) AND deleted_at IS NULL ORDER BY id LIMIT 500`,
    );
    return r.rows.map((x) => x.sn);
  } finally {
    await client.end();
  }
}

async function main() {
  const config = loadConfig();
  const url = (opt('url') ?? process.env.SIMULATE_URL ?? `http://localhost:${config.port}`).replace(
    /\/$/,
    '',
  );
  const rate = Number(opt('rate') ?? 2);
  const duration = Number(opt('duration') ?? 60);
  const count = opt('count') ? Number(opt('count')) : Number.POSITIVE_INFINITY;
  const secret = opt('secret') ?? config.notifySecret;
  const backfillDays = Number(opt('backfill-days') ?? 0);
  const paymentsOnly = flag('payments-only');
  const prefix = opt('prefix') ?? 'SIM';
  const quiet = flag('quiet');
  const rng = seededRng(Number(opt('seed') ?? Date.now() % 1e9));
  let sns =
    opt('sn')
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean) ?? [];
  if (sns.length === 0 && config.databaseUrl) sns = await snsFromDatabase(config.databaseUrl);
  if (sns.length === 0) sns = demoSns();
  if (!(rate > 0)) throw new Error('--rate must be above 0');

  const state = newTrafficState();
  const stopAt = duration > 0 ? Date.now() + duration * 1000 : Number.POSITIVE_INFINITY;
  const totals = { sent: 0, stored: 0, duplicates: 0, flagged: 0, refused: 0, failed: 0 };
  let stopping = false;
  process.on('SIGINT', () => {
    stopping = true;
  });
  console.log(
    `simulating ${rate}/s to ${url} over ${sns.length} terminals${paymentsOnly ? ' (payments only)' : ''}`,
  );
  const gap = 1000 / rate;
  let next = Date.now();
  let lastId = '';
  while (!stopping && totals.sent < count && Date.now() < stopAt) {
    const when = backfillDays > 0 ? pastTradeTime(backfillDays, new Date(), rng) : new Date();
    let body = nextNotification(sns, state, rng, when, prefix);
    if (paymentsOnly) {
      while (
        body.kind !== 1 ||
        body.status !== TRANSACTION_STATUS.SUCCESS ||
        body.txnId === lastId
      ) {
        body = nextNotification(sns, state, rng, when, prefix);
      }
    }
    lastId = body.txnId;
    const raw = JSON.stringify(body);
    totals.sent += 1;
    try {
      const res = await fetch(`${url}/prod-api/api/notify/transaction`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [NOTIFY_SIGNATURE_HEADER]: hmacSign(raw, secret),
        },
        body: raw,
      });
      const json = (await res.json()) as {
        code: number;
        msg: string;
        data?: { id: number | null; duplicate: boolean; flag: string | null };
      };
      if (json.code !== 200) {
        totals.refused += 1;
        console.log(`refused ${body.txnId}: ${json.code} ${json.msg}`);
      } else if (json.data?.duplicate) totals.duplicates += 1;
      else if (json.data?.flag) totals.flagged += 1;
      else totals.stored += 1;
      if (!quiet && json.code === 200) {
        console.log(
          `${json.data?.duplicate ? 'dup ' : 'sent'} ${body.txnId} id=${json.data?.id} ${body.sn} kind=${body.kind} total=${body.totalType} ` +
            `status=${body.status} ${(body.amountFen / 100).toFixed(2)}${json.data?.flag ? ` flag=${json.data.flag}` : ''}`,
        );
      }
    } catch (err) {
      totals.failed += 1;
      console.log(`could not reach ${url}: ${(err as Error).message}`);
      if (totals.failed >= 5 && totals.stored === 0) break;
    }
    next += gap;
    const wait = next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  console.log(
    `done: ${totals.sent} sent, ${totals.stored} stored, ${totals.duplicates} duplicates, ${totals.flagged} flagged, ` +
      `${totals.refused} refused, ${totals.failed} unreachable`,
  );
}

await main();
