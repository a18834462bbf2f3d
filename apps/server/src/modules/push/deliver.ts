import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { messages, pushMessageClaims, pushSubscriptions } from '../../db/schema';
import { select, selectOne, type RowOf } from '../../db/typed';
import type { PushPayload, PushSender, PushTarget } from './sender';

/** The push delivery of this process, set up by setUpPush (push.ts); none: pushes are skipped. */
interface Delivery {
  db: Db;
  sender: PushSender;
  log: FastifyBaseLogger;
}
let delivery: Delivery | null = null;
const pending = new Set<Promise<unknown>>();

/** How many notifications are on their way at once. */
const CONCURRENCY = 8;

export function useDelivery(next: Delivery | null) {
  delivery = next;
}

/** Resolves once every push started so far has finished (shutdown, tests). */
export async function pushesSettled(): Promise<void> {
  while (pending.size) await Promise.allSettled([...pending]);
}

/** What a push says about a message: its title, the start of its body, its page. */
export interface PushMessage {
  /** The message's id: the notification opens its page (/pages/message/detail?id=). */
  id?: number;
  title: string;
  body: string;
  /** A path of the app to open instead of the message's page. */
  url?: string;
}

const payloadOf = (m: PushMessage): PushPayload => ({
  title: m.title,
  body: m.body.replace(/\s+/g, ' ').trim(),
  url: m.url ?? (m.id ? `/pages/message/detail?id=${m.id}` : '/pages/message/index'),
  tag: m.id ? `message-${m.id}` : 'message',
});

const s = alias(pushSubscriptions, 's');
/** A device to push to, as the sender takes it. */
const SUBSCRIPTION = {
  id: s.id,
  agentId: s.agentId,
  kind: s.kind,
  endpoint: s.endpoint,
  p256dh: s.p256dh,
  auth: s.auth,
  platform: s.platform,
  lang: s.lang,
};
const targetOf = (r: RowOf<typeof SUBSCRIPTION>): PushTarget => ({
  ...r,
  lang: r.lang === 'en' ? 'en' : 'zh',
});

/** Sends to each subscription, a few at a time; a gone one is deleted, a failure logged. */
async function sendAll(
  d: Delivery,
  targets: PushTarget[],
  payloadFor: (target: PushTarget) => PushPayload,
) {
  let next = 0;
  const worker = async () => {
    while (next < targets.length) {
      const target = targets[next++]!;
      try {
        if ((await d.sender.send(target, payloadFor(target))) === 'gone') {
          await d.db.execute(sql`DELETE FROM push_subscriptions WHERE id = ${target.id}`);
          d.log.info({ subscription: target.id }, 'push subscription gone: deleted');
        }
      } catch (error) {
        d.log.warn({ err: error, subscription: target.id }, 'push notification failed');
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, targets.length) }, worker));
}

/** Runs a delivery in the background: never awaited by a request, never throwing. */
interface Found {
  targets: PushTarget[];
  payloadFor: (target: PushTarget) => PushPayload;
}

function inBackground(find: (d: Delivery) => Promise<Found | null>) {
  const d = delivery;
  if (!d) return;
  const job = (async () => {
    try {
      const found = await find(d);
      if (found?.targets.length) await sendAll(d, found.targets, found.payloadFor);
    } catch (error) {
      d.log.warn({ err: error }, 'push delivery failed');
    }
  })();
  pending.add(job);
  void job.finally(() => pending.delete(job));
}

/**
 * Pushes a message to every device one agent opted in with, in the background. Call it after
 * the transaction that created the message has committed: it returns at once and never throws.
 */
export function deliverPush(agentId: number, message: PushMessage): void {
  inBackground(async (d) => ({
    targets: (
      await select(
        d.db,
        SUBSCRIPTION,
        sql`FROM push_subscriptions s
            JOIN agents a ON a.id = s.agent_id AND a.top_id = s.top_id
            WHERE s.agent_id = ${agentId} ORDER BY s.id`,
      )
    ).map(targetOf),
    payloadFor: () => payloadOf(message),
  }));
}

/** The agents a message is aimed at, as a condition on `a` (agents) and `m` (messages). */
const aimedAtAgent: SQL = sql`a.role = 'agent' AND m.expires_at > now() AND (
    (m.target = 'agent' AND m.agent_id = a.id)
    OR m.target = 'all'
    OR (m.target = 'level' AND a.level = m.target_level)
    OR (m.target = 'tree' AND left(a.path, length(m.target_path)) = m.target_path)
    OR (m.target = 'agents' AND EXISTS (SELECT 1 FROM message_recipients r
        WHERE r.agent_id = a.id AND r.message_id = m.id)))`;

/**
 * Pushes a message to every device of every agent it is aimed at, as the message centre lists
 * it to them (an operator's publication, or a product event to its one agent), each in the
 * language its device subscribed in where the message has it; in the background.
 */
export function deliverMessagePush(messageId: number): void {
  inBackground(async (d) => {
    const m = await selectOne(
      d.db,
      {
        title: messages.title,
        body: messages.body,
        titleEn: messages.titleEn,
        bodyEn: messages.bodyEn,
        link: messages.link,
      },
      sql`FROM ${messages} WHERE ${messages.id} = ${messageId}`,
    );
    if (!m) return null;
    const found = await select(
      d.db,
      SUBSCRIPTION,
      sql`FROM push_subscriptions s
          JOIN agents a ON a.id = s.agent_id AND a.top_id = s.top_id
          JOIN messages m ON m.id = ${messageId}
          WHERE ${aimedAtAgent} ORDER BY s.id`,
    );
    // A product event opens the page it is about; an operator's message opens its own page.
    const url = m.link ?? undefined;
    const zh = payloadOf({ id: messageId, title: m.title, body: m.body, url });
    const en =
      m.titleEn == null
        ? zh
        : payloadOf({ id: messageId, title: m.titleEn, body: m.bodyEn ?? '', url });
    return { targets: found.map(targetOf), payloadFor: (t) => (t.lang === 'en' ? en : zh) };
  });
}

/**
 * A committed message heard on PUSH_CHANNEL: the process whose claim is written pushes it, so a
 * message is pushed once however many server processes listen.
 */
export function heardMessage(payload: string): void {
  const id = Number(payload);
  const d = delivery;
  if (!d || !Number.isSafeInteger(id) || id <= 0) return;
  const claim = (async () => {
    try {
      const won = await d.db
        .insert(pushMessageClaims)
        .values({ messageId: id })
        .onConflictDoNothing()
        .returning({ messageId: pushMessageClaims.messageId });
      if (won.length) deliverMessagePush(id);
    } catch (error) {
      d.log.warn({ err: error, message: id }, 'push claim failed');
    }
  })();
  pending.add(claim);
  void claim.finally(() => pending.delete(claim));
}
