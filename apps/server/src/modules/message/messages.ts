import type {
  AdminMessage,
  MessageAudience,
  MessageAudienceRequest,
  MessageDetail,
  MessageItem,
  MessagePage,
  MessageTarget,
  PublishMessageRequest,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rows } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import { keysetPage, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import type { Caller } from '../../plugins/auth';
import { audit } from '../admin/audit';
import { inSubtree } from '../team/scope';
import { pushWhenCommitted } from '../push/deliver';

const iso = (v: unknown) => new Date(v as string).toISOString();
const SUMMARY_CHARS = 60;
/** How long a product event's message is shown (the longest a message may be). */
export const EVENT_EXPIRY_DAYS = 30;

export type MessageLang = 'zh' | 'en';

/**
 * The operators' messages aimed at the caller and not yet expired, as a condition on `m`
 * (messages). The caller's level is read now, so a message to a level reaches whoever holds it
 * today.
 */
function aimedAt(caller: Caller): SQL {
  return sql`m.agent_id IS NULL AND m.expires_at > now() AND (
    m.target = 'all'
    OR (m.target = 'level' AND m.target_level =
        (SELECT level FROM agents WHERE id = ${caller.agentId} AND top_id = ${caller.topId}))
    OR (m.target = 'tree' AND left(${caller.path}::text, length(m.target_path)) = m.target_path)
    OR (m.target = 'agents' AND EXISTS (SELECT 1 FROM message_recipients r
        WHERE r.agent_id = ${caller.agentId} AND r.message_id = m.id)))`;
}

/** The product events' messages to the caller itself, not yet expired. */
const ownEvents = (caller: Caller): SQL =>
  sql`m.agent_id = ${caller.agentId} AND m.expires_at > now()`;

/** Every message the caller may read, as a condition on `m` (for one message by its id). */
const visibleTo = (caller: Caller): SQL => sql`((${ownEvents(caller)}) OR (${aimedAt(caller)}))`;

/**
 * The caller's messages as the relation `m`: the operators' ones aimed at it and its own product
 * events, two branches each read by its own index (a keyset condition on m is pushed into both).
 */
const mine = (caller: Caller): SQL =>
  sql`(SELECT m.* FROM messages m WHERE ${aimedAt(caller)}
       UNION ALL
       SELECT m.* FROM messages m WHERE ${ownEvents(caller)}) m`;

/** The text in the caller's language: a product event's English when asked for, else Chinese. */
const textOf = (r: Record<string, unknown>, lang: MessageLang) =>
  lang === 'en' && r.title_en != null
    ? { title: String(r.title_en), body: String(r.body_en) }
    : { title: String(r.title), body: String(r.body) };

const itemOf = (r: Record<string, unknown>, lang: MessageLang): MessageItem => {
  const text = textOf(r, lang);
  return {
    id: Number(r.id),
    type: Number(r.type),
    title: text.title,
    summary: text.body.replace(/\s+/g, ' ').slice(0, SUMMARY_CHARS),
    important: Boolean(r.important),
    publishedAt: iso(r.published_at),
    expiresAt: iso(r.expires_at),
    read: r.read_at != null,
  };
};
const detailOf = (r: Record<string, unknown>, lang: MessageLang): MessageDetail => ({
  ...itemOf(r, lang),
  body: textOf(r, lang).body,
  link: r.link == null ? null : String(r.link),
});

const columns = sql`m.id, m.type, m.title, m.body, m.title_en, m.body_en, m.link, m.important,
  m.published_at, m.expires_at, mr.read_at`;
const readsOf = (caller: Caller) =>
  sql`LEFT JOIN message_reads mr ON mr.message_id = m.id AND mr.agent_id = ${caller.agentId}`;
const fromFor = (caller: Caller) => sql`FROM ${mine(caller)} ${readsOf(caller)}`;

/** The caller's messages, newest first, by keyset. */
export function listMessages(
  db: Db,
  caller: Caller,
  q: { pageSize: number; cursor?: string },
  lang: MessageLang = 'zh',
): Promise<MessagePage> {
  const spec: KeysetSpec<MessageItem> = {
    select: columns,
    from: fromFor(caller),
    where: [],
    sorts: { publishedAt: { expr: sql`m.published_at`, type: 'timestamptz' } },
    defaultSort: 'publishedAt',
    defaultOrder: 'desc',
    id: sql`m.id`,
    map: (r) => itemOf(r, lang),
  };
  return keysetPage(db, spec, { pageSize: q.pageSize, cursor: q.cursor });
}

/** One of the caller's messages, marked read; a message not aimed at the caller is not found. */
export async function readMessage(
  db: Db,
  caller: Caller,
  id: number,
  lang: MessageLang = 'zh',
): Promise<MessageDetail> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${columns} FROM messages m ${readsOf(caller)}
        WHERE m.id = ${id} AND ${visibleTo(caller)}`,
  );
  if (!row) throw notFound('消息不存在或已过期');
  if (row.read_at == null) {
    const [mark] = await rows<{ read_at: unknown }>(
      db,
      sql`INSERT INTO message_reads (agent_id, message_id, read_at)
          VALUES (${caller.agentId}, ${id}, now())
          ON CONFLICT (agent_id, message_id)
          DO UPDATE SET read_at = coalesce(message_reads.read_at, excluded.read_at)
          RETURNING read_at`,
    );
    row.read_at = mark?.read_at;
  }
  return detailOf(row, lang);
}

export async function unreadCount(db: Db, caller: Caller): Promise<number> {
  const [row] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n ${fromFor(caller)} WHERE mr.read_at IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/** Important messages the caller has neither read nor been shown in a pop-up, oldest first. */
export async function popupMessages(
  db: Db,
  caller: Caller,
  lang: MessageLang = 'zh',
): Promise<MessageDetail[]> {
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${columns} ${fromFor(caller)}
        WHERE m.important AND mr.read_at IS NULL AND mr.popped_at IS NULL
        ORDER BY m.published_at, m.id LIMIT 10`,
  );
  return found.map((r) => detailOf(r, lang));
}

/** Records that these messages popped up; ids not aimed at the caller are ignored. */
export async function markPopped(db: Db, caller: Caller, ids: number[]): Promise<void> {
  await db.execute(
    sql`INSERT INTO message_reads (agent_id, message_id, popped_at)
        SELECT ${caller.agentId}, m.id, now() FROM messages m
        WHERE m.id IN (${sql.join(
          ids.map((i) => sql`${i}`),
          sql`, `,
        )}) AND ${visibleTo(caller)}
        ON CONFLICT (agent_id, message_id)
        DO UPDATE SET popped_at = coalesce(message_reads.popped_at, excluded.popped_at)`,
  );
}

// --- operators ---------------------------------------------------------------------------------

interface ResolvedAudience extends MessageAudience {
  text: string;
  path: string | null;
  agentIds: number[];
}

/** Who a message would reach now, checked: every named agent and the tree's root must exist. */
export async function resolveAudience(
  db: DbOrTx,
  input: MessageAudienceRequest,
): Promise<ResolvedAudience> {
  const label = (a: { name: string; mobile: string }) => `${a.name}(${a.mobile})`;
  const base = { target: input.target as MessageTarget, level: null, path: null, agentIds: [] };
  if (input.target === 'all') {
    const [c] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM agents WHERE role = 'agent'`,
    );
    return { ...base, count: Number(c?.n ?? 0), names: [], text: '全部代理商' };
  }
  if (input.target === 'level') {
    const level = input.level!;
    const [c] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM agents WHERE role = 'agent' AND level = ${level}`,
    );
    return { ...base, level, count: Number(c?.n ?? 0), names: [], text: `等级${level}的代理商` };
  }
  if (input.target === 'tree') {
    const [root] = await rows<{ name: string; mobile: string; path: string }>(
      db,
      sql`SELECT name, mobile, path FROM agents WHERE id = ${input.treeAgentId!} AND role = 'agent'`,
    );
    if (!root) throw badRequest('团队的代理商不存在', 'treeAgentId');
    const [c] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM agents
          WHERE role = 'agent' AND ${inSubtree(sql`path`, sql`${root.path}::text`)}`,
    );
    return {
      ...base,
      path: root.path,
      count: Number(c?.n ?? 0),
      names: [label(root)],
      text: `${label(root)}及其团队`,
    };
  }
  const ids = [...new Set(input.agentIds!)];
  const found = await rows<{ id: unknown; name: string; mobile: string }>(
    db,
    sql`SELECT id, name, mobile FROM agents WHERE role = 'agent' AND id IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) ORDER BY id`,
  );
  if (found.length !== ids.length) throw badRequest('有代理商不存在', 'agentIds');
  const names = found.map(label);
  return {
    ...base,
    agentIds: ids,
    count: ids.length,
    names,
    text: `指定代理商：${names.join('、')}`,
  };
}

/** A new message, as the one place that writes messages is given it. */
export interface NewMessage {
  type: number;
  title: string;
  body: string;
  important: boolean;
  target: MessageTarget | 'agent';
  level?: number | null;
  path?: string | null;
  /** Who it is aimed at, in words, and how many agents that is now. */
  audience: string;
  recipients: number;
  /** Named agents (target 'agents'). */
  agentIds?: number[];
  expiryDays: number;
  /** The operator who published it; null for a product event. */
  publishedBy: number | null;
  /** A product event: the one agent it concerns, what happened, its key, English text, link. */
  event?: {
    agentId: number;
    kind: string;
    key: string;
    titleEn: string;
    bodyEn: string;
    link: string;
  };
}

/** What was written: the message's id, and for a product event the agent it is for. */
export interface CreatedMessage {
  id: number;
  agentId: number | null;
  type: number;
  title: string;
  body: string;
  link: string | null;
}

/**
 * The one place a message row is created, inside the caller's transaction: an operator's
 * publication or a product event. A product event whose key was already written answers null and
 * writes nothing, so the code that makes an event may run any number of times.
 */
export async function createMessage(tx: DbOrTx, m: NewMessage): Promise<CreatedMessage | null> {
  const e = m.event;
  const [row] = await rows<{ id: unknown }>(
    tx,
    sql`INSERT INTO messages (type, title, body, important, target, target_level, target_path,
          audience, recipients, published_by, expires_at,
          agent_id, kind, event_key, title_en, body_en, link)
        VALUES (${m.type}, ${m.title}, ${m.body}, ${m.important}, ${m.target},
          ${m.level ?? null}, ${m.path ?? null}, ${m.audience}, ${m.recipients}, ${m.publishedBy},
          now() + make_interval(days => ${m.expiryDays}),
          ${e?.agentId ?? null}, ${e?.kind ?? null}, ${e?.key ?? null}, ${e?.titleEn ?? null},
          ${e?.bodyEn ?? null}, ${e?.link ?? null})
        ON CONFLICT (event_key) DO NOTHING
        RETURNING id`,
  );
  if (!row) return null;
  const id = Number(row.id);
  await pushWhenCommitted(tx, id);
  if (m.agentIds?.length) {
    await tx.execute(
      sql`INSERT INTO message_recipients (agent_id, message_id)
          SELECT unnest(${`{${m.agentIds.join(',')}}`}::bigint[]), ${id}`,
    );
  }
  return {
    id,
    agentId: e?.agentId ?? null,
    type: m.type,
    title: m.title,
    body: m.body,
    link: e?.link ?? null,
  };
}

export async function publishMessage(db: Db, op: OperatorCaller, input: PublishMessageRequest) {
  return db.transaction(async (tx) => {
    const who = await resolveAudience(tx, input);
    if (who.count === 0) throw badRequest('没有代理商会收到这条消息', 'target');
    const created = await createMessage(tx, {
      type: input.type,
      title: input.title,
      body: input.body,
      important: input.important,
      target: input.target,
      level: who.level,
      path: who.path,
      audience: who.text,
      recipients: who.count,
      agentIds: who.agentIds,
      expiryDays: input.expiryDays,
      publishedBy: op.operatorId,
    });
    const id = created!.id;
    await audit(tx, op, {
      action: 'message.publish',
      targetType: 'message',
      targetId: id,
      after: {
        type: input.type,
        title: input.title,
        important: input.important,
        audience: who.text,
        recipients: who.count,
        expiryDays: input.expiryDays,
      },
    });
    return { id };
  });
}

export function adminMessageList(q: { keyword?: string }): KeysetSpec<AdminMessage> {
  return {
    select: sql`m.id, m.type, m.title, m.body, m.important, m.target, m.audience, m.recipients,
      m.published_at, m.expires_at, o.name AS operator_name,
      (SELECT count(*) FROM message_reads r WHERE r.message_id = m.id AND r.read_at IS NOT NULL)
        AS read_count`,
    from: sql`FROM messages m JOIN operators o ON o.id = m.published_by`,
    // The operators' messages only: product events have no publisher.
    where: [q.keyword ? sql`m.title LIKE ${`%${q.keyword}%`}` : undefined],
    sorts: { publishedAt: { expr: sql`m.published_at`, type: 'timestamptz' } },
    defaultSort: 'publishedAt',
    id: sql`m.id`,
    counted: true,
    map: (r) => ({
      id: Number(r.id),
      type: Number(r.type),
      title: String(r.title),
      body: String(r.body),
      important: Boolean(r.important),
      target: r.target as MessageTarget,
      audience: String(r.audience),
      recipients: Number(r.recipients),
      readCount: Number(r.read_count),
      publishedAt: iso(r.published_at),
      expiresAt: iso(r.expires_at),
      publishedBy: String(r.operator_name),
    }),
  };
}
