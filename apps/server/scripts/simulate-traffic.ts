/**
 * Acquirer traffic simulator (npm run simulate -w @pos/server -- [options]).
 *
 * Sends realistic signed notifications for the demo terminals, each in the protocol of the channel
 * serving its brand, as the in-process demo traffic does (modules/channels/simulator.ts): a
 * terminal of a brand with no channel of its own through POST /prod-api/api/notify/transaction
 * (HMAC-SHA256 of the raw body with NOTIFY_SECRET), the others through
 * POST /prod-api/api/notify/channel/{code}, signed (and encrypted) with the demo keys. The
 * channels are read from DATABASE_URL when it is set; otherwise the demo seed's are assumed
 * (联迪 LD… → 恒信通, 新大陆 XN… → 联动). What a channel's protocol cannot say (恒信通 has no
 * refunds) is skipped, as is a channel not on the demo keys. The spec's pay types, total types,
 * card types and methods in plausible proportions, amounts by kind of payment, busy hours of the
 * day, about 5% failures, refunds and reversals of earlier payments, and now and then a repeated
 * notification (which the server ignores).
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
import { DEMO_CHANNEL_KEYS } from '../src/modules/channels/demo-keys';
import { simulatePush } from '../src/modules/channels/simulator';
import { hmacSign } from '../src/lib/signature';
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

interface TerminalChannel {
  code: string;
  protocol: string;
  acquirerPublicKey: string | null;
  merchantRates: Map<number, number>;
}

const SIMULATED: TerminalChannel = {
  code: 'simulated',
  protocol: 'simulated',
  acquirerPublicKey: null,
  merchantRates: new Map(),
};

/** The demo seed's channels (src/db/seed-channels.ts), by the SN prefixes of its brands. */
function demoChannelOf(sn: string): TerminalChannel {
  if (sn.startsWith('LD'))
    return {
      code: 'hengxintong',
      protocol: 'hengxintong',
      acquirerPublicKey: DEMO_CHANNEL_KEYS.HENGXINTONG_ACQUIRER_PUBLIC,
      merchantRates: new Map(),
    };
  if (sn.startsWith('XN'))
    return {
      code: 'liandong',
      protocol: 'liandong',
      acquirerPublicKey: DEMO_CHANNEL_KEYS.LIANDONG_ACQUIRER_PUBLIC,
      merchantRates: new Map(),
    };
  return SIMULATED;
}

/** The channel serving each terminal (the simulated one for brands without one), and its rates. */
async function channelsFromDatabase(url: string, sns: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query<{
      sn: string;
      code: string | null;
      protocol: string | null;
      acquirer_public_key: string | null;
      rates: [number, number][] | null;
    }>(
      `SELECT t.sn, c.code, c.protocol, c.acquirer_public_key,
              (SELECT json_agg(json_build_array(mr.rate_type, mr.rate_ppm))
                 FROM merchant_rates mr WHERE mr.merchant_id = t.merchant_id) AS rates
         FROM terminals t
         LEFT JOIN channel_brands cb ON cb.brand_id = t.brand_id
         LEFT JOIN channels c ON c.id = cb.channel_id
        WHERE t.sn = ANY($1::text[])`,
      [sns],
    );
    return new Map(
      r.rows.map((x) => [
        x.sn,
        x.code && x.protocol
          ? {
              code: x.code,
              protocol: x.protocol,
              acquirerPublicKey: x.acquirer_public_key,
              merchantRates: new Map((x.rates ?? []).map(([t, ppm]) => [Number(t), Number(ppm)])),
            }
          : SIMULATED,
      ]),
    );
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
  const channels = config.databaseUrl
    ? await channelsFromDatabase(config.databaseUrl, sns)
    : new Map(sns.map((sn) => [sn, demoChannelOf(sn)]));

  const state = newTrafficState();
  const stopAt = duration > 0 ? Date.now() + duration * 1000 : Number.POSITIVE_INFINITY;
  const totals = {
    sent: 0,
    stored: 0,
    duplicates: 0,
    flagged: 0,
    acknowledged: 0,
    skipped: 0,
    refused: 0,
    failed: 0,
  };
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
    const channel = channels.get(body.sn) ?? SIMULATED;
    if (channel.protocol !== 'simulated') {
      const push = simulatePush(channel, body, secret);
      if (!push) {
        totals.skipped += 1;
      } else {
        totals.sent += 1;
        try {
          const res = await fetch(`${url}/prod-api/api/notify/channel/${push.code}`, {
            method: 'POST',
            headers: push.headers,
            body: new Uint8Array(push.body),
          });
          const answer = (await res.text()).slice(0, 200);
          if (res.ok) totals.acknowledged += 1;
          else {
            totals.refused += 1;
            console.log(`refused ${body.txnId} by ${push.code}: ${res.status} ${answer}`);
          }
          if (!quiet && res.ok)
            console.log(
              `sent ${body.txnId} via ${push.code} ${body.sn} kind=${body.kind} total=${body.totalType} ` +
                `status=${body.status} ${(body.amountFen / 100).toFixed(2)} → ${answer}`,
            );
        } catch (err) {
          totals.failed += 1;
          console.log(`could not reach ${url}: ${(err as Error).message}`);
          if (totals.failed >= 5 && totals.stored + totals.acknowledged === 0) break;
        }
      }
      next += gap;
      const wait = next - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      continue;
    }
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
      if (totals.failed >= 5 && totals.stored + totals.acknowledged === 0) break;
    }
    next += gap;
    const wait = next - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
  console.log(
    `done: ${totals.sent} sent, ${totals.stored} stored, ${totals.duplicates} duplicates, ${totals.flagged} flagged, ` +
      `${totals.acknowledged} acknowledged by their channel, ${totals.skipped} not said by their channel, ` +
      `${totals.refused} refused, ${totals.failed} unreachable`,
  );
}

await main();
