import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { pushSubscriptions } from '../../db/schema';
import { select, selectOne, type RowOf } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { endpointProblem, type EndpointCheck } from './endpoint';

/** Devices one agent may receive pushes on; the oldest goes when a new one comes past it. */
export const MAX_SUBSCRIPTIONS = 10;

export type SubscribeInput = { lang: 'zh' | 'en' } & (
  | { kind: 'web'; endpoint: string; keys: { p256dh: string; auth: string } }
  | { kind: 'native'; token: string; platform: 'android' | 'ios' }
);

export interface PushSubscriptionView {
  id: number;
  kind: 'web' | 'native';
  /** Where pushes go: the push service's host, or the platform of a native device. */
  service: string;
  /** The endpoint (web) or token (native) itself, so the app can tell its own device. */
  endpoint: string;
  createdAt: string;
}

/** The browser's P-256 key (65 bytes) and auth secret (16 bytes), base64url as it gives them. */
function checkKeys(keys: { p256dh: string; auth: string }) {
  const b = (v: string) => (/^[A-Za-z0-9_-]+=*$/.test(v) ? Buffer.from(v, 'base64url') : null);
  const p = b(keys.p256dh);
  if (p?.length !== 65 || p[0] !== 4) throw badRequest('推送订阅的密钥格式错误', 'keys.p256dh');
  if (b(keys.auth)?.length !== 16) throw badRequest('推送订阅的密钥格式错误', 'keys.auth');
}

/**
 * Stores where the caller receives pushes: a browser's endpoint (checked: https on a public
 * host) and keys, or a native device's token. An endpoint already stored moves to the caller
 * (the same browser signed in as another agent); past MAX_SUBSCRIPTIONS the oldest goes.
 */
export async function subscribe(
  db: Db,
  caller: Caller,
  input: SubscribeInput,
  check: EndpointCheck & { nativePlatforms: readonly ('android' | 'ios')[] },
): Promise<PushSubscriptionView> {
  let endpoint: string;
  let p256dh: string | null = null;
  let auth: string | null = null;
  let platform: string | null = null;
  if (input.kind === 'web') {
    const problem = await endpointProblem(input.endpoint, check);
    if (problem) throw badRequest(problem, 'endpoint');
    checkKeys(input.keys);
    endpoint = input.endpoint;
    p256dh = input.keys.p256dh;
    auth = input.keys.auth;
  } else {
    if (!check.nativePlatforms.length) throw badRequest('本平台未开通原生推送', 'kind');
    if (!check.nativePlatforms.includes(input.platform)) {
      throw badRequest('本平台未开通原生推送', 'platform');
    }
    // An FCM registration token; an APNs device token is hexadecimal (32 bytes today).
    const format = input.platform === 'ios' ? /^[0-9a-fA-F]{64,200}$/ : /^[A-Za-z0-9:_.-]{16,512}$/;
    if (!format.test(input.token)) throw badRequest('推送设备标识格式错误', 'token');
    endpoint = input.token;
    platform = input.platform;
  }
  return db.transaction(async (tx) => {
    const row = await selectOne(tx, VIEW_OF_SAVED, sql`FROM saved`, {
      with: sql`WITH saved AS (INSERT INTO push_subscriptions
            (agent_id, top_id, kind, endpoint, p256dh, auth, platform, lang)
          VALUES (${caller.agentId}, ${caller.topId}, ${input.kind}, ${endpoint}, ${p256dh},
            ${auth}, ${platform}, ${input.lang})
          ON CONFLICT (endpoint) DO UPDATE SET agent_id = excluded.agent_id,
            top_id = excluded.top_id, kind = excluded.kind, p256dh = excluded.p256dh,
            auth = excluded.auth, platform = excluded.platform, lang = excluded.lang,
            created_at = now()
          RETURNING id, kind, endpoint, platform, created_at)`,
    });
    await tx.execute(
      sql`DELETE FROM push_subscriptions WHERE top_id = ${caller.topId} AND id IN (
            SELECT id FROM push_subscriptions
            WHERE top_id = ${caller.topId} AND agent_id = ${caller.agentId}
            ORDER BY created_at DESC, id DESC OFFSET ${MAX_SUBSCRIPTIONS})`,
    );
    return viewOf(row!);
  });
}

const s = pushSubscriptions;
/** A device as its owner sees it. */
const VIEW = {
  id: s.id,
  kind: s.kind,
  endpoint: s.endpoint,
  platform: s.platform,
  createdAt: s.createdAt,
};
/** The same columns of the row the upsert returns (the CTE `saved`). */
const saved = alias(pushSubscriptions, 'saved');
const VIEW_OF_SAVED = {
  id: saved.id,
  kind: saved.kind,
  endpoint: saved.endpoint,
  platform: saved.platform,
  createdAt: saved.createdAt,
};

function viewOf(r: RowOf<typeof VIEW>): PushSubscriptionView {
  const { kind, endpoint } = r;
  return {
    id: r.id,
    kind,
    service: kind === 'web' ? new URL(endpoint).host : String(r.platform),
    endpoint,
    createdAt: r.createdAt.toISOString(),
  };
}

/** The caller's devices, newest first. */
export async function listSubscriptions(db: Db, caller: Caller): Promise<PushSubscriptionView[]> {
  const found = await select(
    db,
    VIEW,
    sql`FROM ${s}
        WHERE ${s.topId} = ${caller.topId} AND ${s.agentId} = ${caller.agentId}
        ORDER BY ${s.createdAt} DESC, ${s.id} DESC`,
  );
  return found.map(viewOf);
}

/** Stops pushes to one of the caller's devices; another agent's endpoint is left alone. */
export async function unsubscribe(db: Db, caller: Caller, endpoint: string): Promise<boolean> {
  const gone = await select(db, { id: saved.id }, sql`FROM saved`, {
    with: sql`WITH saved AS (
      DELETE FROM push_subscriptions
      WHERE top_id = ${caller.topId} AND agent_id = ${caller.agentId} AND endpoint = ${endpoint}
      RETURNING id)`,
  });
  return gone.length > 0;
}
