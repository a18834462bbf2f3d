import { isIPv4, isIPv6 } from 'node:net';
import {
  TERMINAL_OPERATE_TYPE,
  TOTAL_TYPE,
  TRANSACTION_STATUS,
  TXN_KIND,
  type NotifyResult,
  type TransactionNotificationParsed,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { channelPushes, merchants, terminalOperations, terminals } from '../../db/schema';
import { decode, preparedSelect, selectOne, selection, type RowOf } from '../../db/typed';
import { addActivationFigure } from '../stats/add-activation-figure';
import { addNewMerchantFigure } from '../stats/add-new-merchant-figure';
import { parseTradeTime } from '../transactions/ingest-notification';
import { NotificationBatcher } from './notification-batcher';
import type { Answer, Outcome, RawPush } from './adapter';
import { loadChannel, type Channel, type Cipher } from './channel-config';
import { PushStore } from './push-store';
import './protocols';
import { adapterFor } from './registry';
import { eventOfNotification } from './simulated';
import { sha256 } from '../../lib/crypto';
import { snsOf, type UnifiedEvent, type UnifiedRate } from './unified';

/**
 * One push of a channel, from its bytes to its business effects (decision 026):
 * channel known and enabled → sender on its IP allow-list → adapter verifies and decodes (a
 * missing key refuses, never skips) → every terminal named belongs to a brand this channel serves
 * → the push is stored (idempotent by the channel's order number) → its events are applied →
 * the answer, in the channel's words, only after all of that. Every refusal is stored too, with
 * its reason, and changes nothing else.
 */

/** The channel that serves brands no channel is configured for (the built-in simulator's). */
export const DEFAULT_CHANNEL = 'simulated';

export interface PushContext {
  db: Db;
  cipher: Cipher;
  batcher: NotificationBatcher;
  /** Stores the pushes (many per statement when they arrive together). */
  store: PushStore;
  /** Reads the terminals' channels (many per query when pushes arrive together). */
  terminals?: TerminalChannels;
  /** Production: a channel still on the published demo keys is refused. */
  refuseDemoKeys?: boolean;
}

const contexts = new WeakMap<Db, PushContext>();

/**
 * The one push context of an app (kept per database), shared by every way a push arrives — the
 * channel endpoints, `/api/notify/transaction` and the console's replays — so its batcher keeps
 * a refund apart from its original, and a transaction id from itself, whichever way each came.
 */
export function pushContextOf(app: { db: Db; cipher: Cipher }): PushContext {
  let ctx = contexts.get(app.db);
  if (!ctx) {
    ctx = {
      db: app.db,
      cipher: app.cipher,
      batcher: new NotificationBatcher(app.db),
      store: new PushStore(app.db),
      terminals: new TerminalChannels(app.db),
      refuseDemoKeys: process.env.NODE_ENV === 'production',
    };
    contexts.set(app.db, ctx);
  }
  return ctx;
}

export interface PushResult {
  outcome: Outcome;
  reason?: string;
  pushId?: number;
  answer: Answer;
}

const UNKNOWN_CHANNEL: Answer = { status: 404, contentType: 'text/plain', body: 'unknown channel' };

export async function receivePush(
  ctx: PushContext,
  code: string,
  push: RawPush,
  remoteIp: string,
  options: { replayOf?: number; skipIpCheck?: boolean } = {},
): Promise<PushResult> {
  const channel = await loadChannel(ctx.db, ctx.cipher, code);
  const adapter = channel ? adapterFor(channel.protocol) : undefined;
  const refuse = async (reason: string, orderNo?: string | null): Promise<PushResult> => {
    const pushId = await storePush(ctx.db, {
      channel,
      code,
      orderNo: orderNo ?? null,
      push,
      remoteIp,
      outcome: 'refused',
      reason,
      events: null,
    });
    return {
      outcome: 'refused',
      reason,
      pushId,
      answer: adapter?.answer('refused') ?? UNKNOWN_CHANNEL,
    };
  };
  if (!channel) return refuse('unknown channel');
  if (!channel.enabled) return refuse('channel disabled');
  if (!adapter) return refuse(`no adapter for protocol ${channel.protocol}`);
  if (!options.skipIpCheck && !ipAllowed(channel, remoteIp))
    return refuse(`address ${remoteIp} not on the allow-list`);
  for (const k of adapter.requiredKeys) if (!channel.keys[k]) return refuse(`${k} not configured`);
  if (ctx.refuseDemoKeys && channel.onDemoKeys)
    return refuse('the channel is on the published demo keys');

  const decoded = await adapter.decode(push, channel.keys);
  if (!decoded.ok) return refuse(decoded.reason, decoded.orderNo);
  const { orderNo, events } = decoded;

  const foreign = await foreignTerminals(ctx, channel, snsOf(events));
  if (foreign.length > 0)
    return refuse(`terminal ${foreign.join(', ')} is not served by this channel`, orderNo);

  // Stored before anything is applied; a push whose key is taken is a replay.
  const stored = await ctx.store.store({
    channelId: channel.id,
    code: channel.code,
    orderNo,
    body: push.body,
    headers: keptHeaders(push.headers),
    remoteIp,
    events,
  });
  if (
    stored.existing &&
    stored.existingOutcome !== 'received' &&
    (!options.replayOf || stored.existingOutcome === 'accepted')
  ) {
    await storePush(ctx.db, {
      channel,
      code,
      orderNo,
      push,
      remoteIp,
      outcome: 'duplicate',
      reason: `replay of push ${stored.pushId}`,
      events: null,
    });
    return { outcome: 'duplicate', pushId: stored.pushId, answer: adapter.answer('duplicate') };
  }
  const { flags, flushed } = await apply(ctx, channel, events);
  const outcome: Outcome = flags.length > 0 ? 'flagged' : 'accepted';
  const reason = flags.length > 0 ? flags.join('; ').slice(0, 1000) : null;
  // The answer waits for the disk once: the trade's own statement when it stored something,
  // otherwise this mark (the store's commit did not wait; see PushStore).
  await ctx.store.mark({
    pushId: stored.pushId,
    receivedAt: stored.receivedAt,
    outcome,
    reason,
    sync: !flushed,
  });
  if (options.replayOf && stored.pushId !== options.replayOf)
    await ctx.db.execute(sql`
      UPDATE channel_pushes SET reason = concat_ws(' → ', reason, ${`replayed as push ${stored.pushId}`}::text)
       WHERE id = ${options.replayOf} AND outcome IN ('refused', 'flagged')`);
  return {
    outcome,
    ...(reason ? { reason } : {}),
    pushId: stored.pushId,
    answer: adapter.answer(outcome),
  };
}

export type NotificationReceipt =
  | { ok: true; result: NotifyResult; pushId: number }
  | { ok: false; reason: string; pushId: number };

/**
 * `/api/notify/transaction`: the simulated channel's sequence for a notification in the
 * platform's own format whose signature the route has already verified (with NOTIFY_SECRET or
 * the RSA key, as it always has): channel enabled → sender on its allow-list → the terminal's
 * brand is not served by another channel → the push is stored (its key is the simulated
 * channel's, so the same notification through `/api/notify/channel/simulated` is a replay) →
 * stored as a transaction by the batcher, whose result is the route's answer as before.
 */
export async function receiveNotification(
  ctx: PushContext,
  push: RawPush,
  n: TransactionNotificationParsed,
  remoteIp: string,
): Promise<NotificationReceipt> {
  // A trade time that cannot be read is the caller's mistake, answered as it always was (400).
  parseTradeTime(n.tradeTime);
  const channel = await loadChannel(ctx.db, ctx.cipher, DEFAULT_CHANNEL);
  const base = { channel, code: DEFAULT_CHANNEL, orderNo: n.txnId, push, remoteIp };
  const refuse = async (reason: string): Promise<NotificationReceipt> => {
    const pushId = await storePush(ctx.db, {
      ...base,
      outcome: 'refused',
      reason,
      events: null,
    });
    return { ok: false, reason, pushId };
  };
  if (!channel) return refuse('unknown channel');
  if (!channel.enabled) return refuse('channel disabled');
  if (!ipAllowed(channel, remoteIp)) return refuse(`address ${remoteIp} not on the allow-list`);
  const event = eventOfNotification(n);
  if (!event) return refuse('bad tradeTime');
  const foreign = await foreignTerminals(ctx, channel, [n.sn]);
  if (foreign.length > 0)
    return refuse(`terminal ${foreign.join(', ')} is not served by this channel`);

  const stored = await ctx.store.store({
    channelId: channel.id,
    code: channel.code,
    orderNo: n.txnId,
    body: push.body,
    headers: keptHeaders(push.headers),
    remoteIp,
    events: [event],
  });
  let result: NotifyResult;
  try {
    // Idempotent by transaction id: a replay answers what was stored the first time.
    result = await ctx.batcher.submit(n);
  } catch (err) {
    if (!stored.existing)
      await ctx.store.mark({
        pushId: stored.pushId,
        receivedAt: stored.receivedAt,
        outcome: 'refused',
        reason: err instanceof Error ? err.message.slice(0, 1000) : 'not stored',
        sync: true,
      });
    throw err;
  }
  // A transaction stored afresh was committed synchronously after the push: the push is on
  // disk. Otherwise a commit that waits is still owed before the answer (see PushStore).
  const flushed = !result.duplicate;
  if (stored.existing) {
    if (stored.existingOutcome !== 'received')
      await storePush(ctx.db, {
        ...base,
        outcome: 'duplicate',
        reason: `replay of push ${stored.pushId}`,
        events: null,
      });
    else if (!flushed) await ctx.store.barrier();
    return { ok: true, result, pushId: stored.pushId };
  }
  await ctx.store.mark({
    pushId: stored.pushId,
    receivedAt: stored.receivedAt,
    outcome: result.duplicate ? 'duplicate' : result.flag ? 'flagged' : 'accepted',
    reason: result.duplicate ? null : result.flag,
    sync: !flushed,
  });
  return { ok: true, result, pushId: stored.pushId };
}

function ipAllowed(channel: Channel, ip: string): boolean {
  if (!channel.allow) return true;
  const bare = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
  const type = isIPv4(bare) ? 'ipv4' : isIPv6(bare) ? 'ipv6' : null;
  return type !== null && channel.allow.check(bare, type);
}

/** SNs of terminals whose brand's channel is not this one (unknown SNs are not foreign). */
async function foreignTerminals(ctx: PushContext, channel: Channel, sns: string[]) {
  if (sns.length === 0) return [];
  const served = await (ctx.terminals ?? new TerminalChannels(ctx.db)).channelsOf(sns);
  return sns.filter((sn) => served.has(sn) && served.get(sn) !== channel.code).sort();
}

/**
 * The channel serving each terminal, read for pushes arriving together by one query: while a
 * query runs, the SNs asked for meanwhile wait and go together in the next (exact: nothing is
 * remembered between queries).
 */
const served = alias(terminals, 't');
/** An SN and the code of the channel serving it (the default one for a brand without). */
const SERVED_BY = selection({
  sn: served.sn,
  code: sql`coalesce(c.code, ${DEFAULT_CHANNEL})`.mapWith(decode.text),
});

export class TerminalChannels {
  private waiting: {
    sns: string[];
    resolve: (m: Map<string, string>) => void;
    reject: (e: unknown) => void;
  }[] = [];
  private running = 0;

  constructor(
    private readonly db: DbOrTx,
    private readonly maxConcurrent = 2,
  ) {}

  channelsOf(sns: string[]): Promise<Map<string, string>> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ sns, resolve, reject });
      this.pump();
    });
  }

  private pump() {
    while (this.running < this.maxConcurrent && this.waiting.length > 0) {
      const batch = this.waiting.splice(0, 500);
      this.running += 1;
      const all = [...new Set(batch.flatMap((b) => b.sns))];
      void preparedSelect(
        this.db,
        'channel-terminal-channels-v2',
        SERVED_BY,
        sql`FROM terminals t
              LEFT JOIN channel_brands cb ON cb.brand_id = t.brand_id
              LEFT JOIN channels c ON c.id = cb.channel_id
             WHERE t.sn = ANY(${sql.param(all)}::text[]) AND t.deleted_at IS NULL`,
      )
        .then(
          (found) => {
            const map = new Map(found.map((f) => [f.sn, f.code]));
            for (const b of batch) b.resolve(map);
          },
          (err: unknown) => batch.forEach((b) => b.reject(err)),
        )
        .finally(() => {
          this.running -= 1;
          this.pump();
        });
    }
  }
}

interface StoreInput {
  channel: Channel | null;
  code: string;
  orderNo: string | null;
  push: RawPush;
  remoteIp: string;
  outcome: Outcome | 'received';
  reason: string | null;
  events: UnifiedEvent[] | null;
}

/** A push just stored (the CTE of storePush). */
const stored = alias(channelPushes, 'stored');

async function storePush(db: DbOrTx, s: StoreInput): Promise<number> {
  const row = await selectOne(db, { id: stored.id }, sql`FROM stored`, {
    with: sql`WITH stored AS (INSERT INTO channel_pushes (channel_id, channel_code, order_no, body, headers, remote_ip,
                                    outcome, reason, events)
        VALUES (${s.channel?.id ?? null}, ${s.code.slice(0, 64)}, ${s.orderNo?.slice(0, 200) ?? null},
                ${s.push.body}, ${JSON.stringify(keptHeaders(s.push.headers))}::jsonb,
                ${s.remoteIp}, ${s.outcome}, ${s.reason?.slice(0, 1000) ?? null},
                ${s.events ? JSON.stringify(s.events) : null}::jsonb)
        RETURNING id)`,
  });
  return row!.id;
}

/** The headers a protocol may sign over; the rest (cookies, proxies' additions) are not kept. */
function keptHeaders(h: RawPush['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h))
    if (v !== undefined && (k === 'content-type' || k.startsWith('x-'))) out[k] = v;
  return out;
}

/**
 * The platform's transaction id of a channel's order number: the simulated channel's ids are
 * the acquirer ids `/api/notify/transaction` has always used; other channels' are prefixed with
 * their code, so two channels' numbers never collide.
 */
export function txnIdOf(channelCode: string, orderNo: string): string {
  if (channelCode === DEFAULT_CHANNEL) return orderNo;
  const id = `${channelCode}:${orderNo}`;
  return id.length <= 64 ? id : `${channelCode}:#${sha256(orderNo).slice(0, 40)}`;
}

const KIND = { payment: TXN_KIND.PAYMENT, refund: TXN_KIND.REFUND, reversal: TXN_KIND.REVERSAL };

/** Applies the events in order; answers what had to be flagged (empty: all applied). */
export async function applyEvents(
  ctx: PushContext,
  channel: Channel,
  events: readonly UnifiedEvent[],
): Promise<string[]> {
  return (await apply(ctx, channel, events)).flags;
}

/**
 * applyEvents, also telling whether a write was committed synchronously while applying (a trade
 * or fee stored afresh by the batcher's statement), which makes everything before it durable.
 */
async function apply(
  ctx: PushContext,
  channel: Channel,
  events: readonly UnifiedEvent[],
): Promise<{ flags: string[]; flushed: boolean }> {
  const flags: string[] = [];
  let flushed = false;
  for (const e of events) {
    switch (e.type) {
      case 'unknown':
        flags.push(e.reason);
        break;
      case 'trade': {
        const n: TransactionNotificationParsed = {
          txnId: txnIdOf(channel.code, e.orderNo),
          kind: KIND[e.kind],
          ...(e.origOrderNo ? { origTxnId: txnIdOf(channel.code, e.origOrderNo) } : {}),
          sn: e.sn,
          amountFen: e.amountFen,
          payType: e.payType,
          totalType: e.totalType,
          cardType: e.cardType,
          method: e.method,
          status: e.status === 'success' ? TRANSACTION_STATUS.SUCCESS : TRANSACTION_STATUS.FAILED,
          ...(e.feeFen !== undefined ? { feeFen: e.feeFen } : {}),
          ...(e.ratePpm !== undefined ? { rate: e.ratePpm } : {}),
          ...(e.cardNo ? { cardNo: e.cardNo.slice(0, 32) } : {}),
          tradeTime: e.tradeTime.toISOString(),
        };
        const result = await ctx.batcher.submit(n);
        if (!result.duplicate) flushed = true;
        if (result.flag) flags.push(`trade ${e.orderNo}: ${result.flag}`);
        if (result.id !== null && e.extra)
          await ctx.db.execute(sql`
            INSERT INTO channel_trade_extras (txn_id, channel_id, top_id, high_rate_ppm, d0_fee_fen)
            SELECT ${result.id}, ${channel.id}, (SELECT t.top_id FROM transactions t WHERE t.id = ${result.id}),
                   ${e.extra.highRatePpm ?? null}::integer, ${e.extra.d0FeeFen ?? null}::bigint
            ON CONFLICT (txn_id) DO NOTHING`);
        break;
      }
      case 'fee': {
        const result = await ctx.batcher.submit({
          txnId: txnIdOf(channel.code, e.orderNo),
          kind: TXN_KIND.PAYMENT,
          sn: e.sn,
          amountFen: e.amountFen,
          payType: 1,
          totalType:
            e.feeKind === 'service_fee' ? TOTAL_TYPE.SERVICE_FEE : TOTAL_TYPE.COMMUNICATION_FEE,
          cardType: 1,
          method: 1,
          status: TRANSACTION_STATUS.SUCCESS,
          tradeTime: e.at.toISOString(),
        });
        if (!result.duplicate) flushed = true;
        // A fee that lost its period to an earlier one is the rule working, not a fault.
        if (result.flag && result.flag !== 'duplicate_fee' && result.flag !== 'fee_superseded')
          flags.push(`fee ${e.orderNo}: ${result.flag}`);
        break;
      }
      case 'activation': {
        const flag = await activate(ctx.db, e.sn, e.activatedAt);
        if (flag) flags.push(flag);
        break;
      }
      case 'bind': {
        const flag = await (e.action === 'bind' ? bind : unbind)(ctx.db, e.sn, e.merchantNo, e.at);
        if (flag) flags.push(flag);
        break;
      }
      case 'merchant': {
        const flag = await onboard(ctx.db, e);
        if (flag) flags.push(flag);
        break;
      }
      case 'merchant_rate': {
        const flag = await setRates(ctx.db, e.merchantNo, e.rates);
        if (flag) flags.push(flag);
        break;
      }
    }
  }
  return { flags, flushed };
}

const TERMINAL = selection({
  id: terminals.id,
  bindStatus: terminals.bindStatus,
  merchantId: terminals.merchantId,
  holderAgentId: terminals.holderAgentId,
});
type TerminalRow = ReturnType<typeof TERMINAL.toRow>;

function terminalOf(db: DbOrTx, sn: string): Promise<TerminalRow | undefined> {
  return selectOne(
    db,
    TERMINAL,
    sql`FROM terminals WHERE ${terminals.sn} = ${sn} AND ${terminals.deletedAt} IS NULL`,
  );
}

const MERCHANT = { id: merchants.id, agentId: merchants.agentId, topId: merchants.topId };
type MerchantRow = RowOf<typeof MERCHANT>;

function merchantOf(db: DbOrTx, merchantNo: string): Promise<MerchantRow | undefined> {
  return selectOne(db, MERCHANT, sql`FROM merchants WHERE ${merchants.merchantNo} = ${merchantNo}`);
}

/** A terminal whose status a push changed (the CTE of activate and bind). */
const changedTerminal = alias(terminals, 'changed');
/** A merchant an onboarding created (the CTE of onboard). */
const created = alias(merchants, 'created');

/** The channel's activation: a bound terminal becomes activated (once); the figure follows. */
async function activate(db: Db, sn: string, at: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const t = await terminalOf(tx, sn);
    if (!t) return `activation: unknown terminal ${sn}`;
    if (t.bindStatus === 3) return null;
    if (t.bindStatus !== 1) return `activation: terminal ${sn} is not bound`;
    const changed = await selectOne(tx, { id: changedTerminal.id }, sql`FROM changed`, {
      with: sql`WITH changed AS (UPDATE terminals SET bind_status = 3, activated_at = ${at}, updated_at = now()
           WHERE id = ${t.id} AND bind_status = 1 RETURNING id)`,
    });
    if (changed) await addActivationFigure(tx, t.id);
    return null;
  });
}

async function bind(db: Db, sn: string, merchantNo: string, at: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const t = await terminalOf(tx, sn);
    if (!t) return `bind: unknown terminal ${sn}`;
    const m = await merchantOf(tx, merchantNo);
    if (!m) return `bind: unknown merchant ${merchantNo}`;
    if (t.bindStatus !== 0)
      return t.merchantId === m.id ? null : `bind: terminal ${sn} is bound to another merchant`;
    if (t.holderAgentId === null || t.holderAgentId !== m.agentId)
      return `bind: terminal ${sn} is not in the stock of merchant ${merchantNo}'s agent`;
    const bound = await selectOne(tx, { id: changedTerminal.id }, sql`FROM changed`, {
      with: sql`WITH changed AS (UPDATE terminals SET bind_status = 1, merchant_id = ${m.id}, bound_at = ${at},
            activated_at = NULL, updated_at = now()
          WHERE id = ${t.id} AND bind_status = 0 RETURNING id)`,
    });
    if (!bound) return `bind: terminal ${sn} changed meanwhile`;
    await recordOperation(tx, TERMINAL_OPERATE_TYPE.BIND, m.agentId, m, t, sn, at);
    return null;
  });
}

async function unbind(db: Db, sn: string, merchantNo: string, at: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const t = await terminalOf(tx, sn);
    if (!t) return `unbind: unknown terminal ${sn}`;
    const m = await merchantOf(tx, merchantNo);
    if (t.bindStatus === 0) return null;
    if (!m || t.merchantId !== m.id)
      return `unbind: terminal ${sn} is not bound to merchant ${merchantNo}`;
    await tx.execute(sql`
      UPDATE terminals SET bind_status = 0, merchant_id = NULL, bound_at = NULL, activated_at = NULL,
             updated_at = now()
       WHERE id = ${t.id}`);
    await recordOperation(tx, TERMINAL_OPERATE_TYPE.UNBIND, m.agentId, m, t, sn, at);
    return null;
  });
}

async function recordOperation(
  tx: DbOrTx,
  type: number,
  agentId: number,
  m: MerchantRow,
  t: TerminalRow,
  sn: string,
  at: Date,
) {
  const [op] = await tx
    .insert(terminalOperations)
    .values({
      type,
      status: 1,
      operatorId: agentId,
      fromAgentId: agentId,
      toAgentId: agentId,
      merchantId: m.id,
      topId: m.topId,
      count: 1,
      firstSn: sn,
      lastSn: sn,
      reason: '收单通道通知',
      createdAt: at,
      decidedAt: at,
    })
    .returning({ id: terminalOperations.id });
  await tx.execute(sql`
    INSERT INTO terminal_operation_items (operation_id, terminal_id, sn)
    VALUES (${op!.id}, ${t.id}, ${sn})`);
}

/**
 * Onboarding: creates the merchant under the agent whose stock holds the terminal it was
 * onboarded with, or updates the one of that number (status, names, address, rates).
 */
async function onboard(
  db: Db,
  e: Extract<UnifiedEvent, { type: 'merchant' }>,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const status = e.status === 'rejected' || e.status === 'disabled' ? 1 : 0;
    let m = await merchantOf(tx, e.merchantNo);
    if (!m) {
      if (e.merchantNo.length > 20) return `onboarding: merchant number ${e.merchantNo} too long`;
      const t = e.sn ? await terminalOf(tx, e.sn) : undefined;
      if (!t || t.holderAgentId === null)
        return `onboarding: merchant ${e.merchantNo} has no terminal in an agent's stock`;
      const made = await selectOne(
        tx,
        { id: created.id, agentId: created.agentId, topId: created.topId },
        sql`FROM created`,
        {
          with: sql`WITH created AS (INSERT INTO merchants (merchant_no, name, legal_name, mobile, address, agent_id, agent_path,
                                   top_id, status)
            SELECT ${e.merchantNo}, ${e.name ?? e.legalName ?? e.merchantNo}, ${e.legalName ?? ''},
                   ${e.mobile ?? ''}, ${e.address ?? ''}, a.id, a.path, coalesce(a.top_id, a.id), ${status}
              FROM agents a WHERE a.id = ${t.holderAgentId}
            ON CONFLICT (merchant_no) DO NOTHING
            RETURNING id, agent_id, top_id)`,
        },
      );
      if (made)
        await addNewMerchantFigure(tx, {
          agentId: made.agentId,
          topId: made.topId,
          createdAt: new Date(),
        });
      m = made ?? (await merchantOf(tx, e.merchantNo));
      if (!m) return `onboarding: merchant ${e.merchantNo} could not be created`;
    } else {
      await tx.execute(sql`
        UPDATE merchants SET status = ${status},
               legal_name = coalesce(${e.legalName ?? null}, legal_name),
               address = coalesce(${e.address ?? null}, address),
               updated_at = now()
         WHERE id = ${m.id}`);
    }
    if (e.rates && e.rates.length > 0) await writeRates(tx, m.id, e.rates);
    return null;
  });
}

async function setRates(db: Db, merchantNo: string, rates: UnifiedRate[]): Promise<string | null> {
  const m = await merchantOf(db, merchantNo);
  if (!m) return `rate notice: unknown merchant ${merchantNo}`;
  if (rates.length > 0) await writeRates(db, m.id, rates);
  return null;
}

/** The merchant's rates as the channel says they are now. */
async function writeRates(db: DbOrTx, merchantId: number, rates: UnifiedRate[]) {
  await db.execute(sql`
    INSERT INTO merchant_rates AS r (merchant_id, rate_type, rate_ppm, agent_id, top_id, updated_at)
    SELECT m.id, x.rate_type, x.value, m.agent_id, m.top_id, now()
      FROM merchants m,
           unnest(${sql.param(rates.map((r) => r.rateType))}::smallint[],
                  ${sql.param(rates.map((r) => r.value))}::integer[]) AS x(rate_type, value)
     WHERE m.id = ${merchantId}
    ON CONFLICT (merchant_id, rate_type) DO UPDATE
      SET rate_ppm = EXCLUDED.rate_ppm, updated_at = EXCLUDED.updated_at
      WHERE r.rate_ppm IS DISTINCT FROM EXCLUDED.rate_ppm`);
}
