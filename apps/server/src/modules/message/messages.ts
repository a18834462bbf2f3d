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
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { agents, messageReads, messages, operators } from '../../db/schema';
import { decode, orNull, select, selectOne, type RowOf } from '../../db/typed';
import { inAgentSubtree } from '../../db/tree';
import { badRequest, notFound } from '../../lib/app-error';
import { keysetPage, typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import type { Caller } from '../../plugins/auth';
import { audit } from '../../db/audit';
import { pushWhenCommitted } from '../../db/push-channel';

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

const m = alias(messages, 'm');
const mr = alias(messageReads, 'mr');
/** A message as the caller reads it: `m` with the caller's read of it `mr` (outer-joined). */
const MESSAGE = {
  id: m.id,
  type: m.type,
  title: m.title,
  body: m.body,
  titleEn: m.titleEn,
  bodyEn: m.bodyEn,
  link: m.link,
  important: m.important,
  publishedAt: m.publishedAt,
  expiresAt: m.expiresAt,
  readAt: orNull(mr.readAt),
};
type MessageRow = RowOf<typeof MESSAGE>;

/** The text in the caller's language: a product event's English when asked for, else Chinese. */
const textOf = (r: MessageRow, lang: MessageLang) =>
  lang === 'en' && r.titleEn !== null
    ? { title: r.titleEn, body: String(r.bodyEn) }
    : { title: r.title, body: r.body };

const itemOf = (r: MessageRow, lang: MessageLang): MessageItem => {
  const text = textOf(r, lang);
  return {
    id: r.id,
    type: r.type,
    title: text.title,
    summary: text.body.replace(/\s+/g, ' ').slice(0, SUMMARY_CHARS),
    important: r.important,
    publishedAt: r.publishedAt.toISOString(),
    expiresAt: r.expiresAt.toISOString(),
    read: r.readAt !== null,
  };
};
const detailOf = (r: MessageRow, lang: MessageLang): MessageDetail => ({
  ...itemOf(r, lang),
  body: textOf(r, lang).body,
  link: r.link,
});

const readsOf = (caller: Caller) =>
  sql`LEFT JOIN message_reads mr ON ${mr.messageId} = ${m.id} AND ${mr.agentId} = ${caller.agentId}`;
const fromFor = (caller: Caller) => sql`FROM ${mine(caller)} ${readsOf(caller)}`;

const COUNT = { n: sql`count(*)`.mapWith(decode.number) };
/** A message row as an INSERT … RETURNING (the CTE `inserted`) or an upsert (`marked`) gives it. */
const inserted = alias(messages, 'inserted');
const marked = alias(messageReads, 'marked');

/** The caller's messages, newest first, by keyset. */
export function listMessages(
  db: Db,
  caller: Caller,
  q: { pageSize: number; cursor?: string },
  lang: MessageLang = 'zh',
): Promise<MessagePage> {
  const spec: KeysetSpec<MessageItem> = typedKeyset({
    shape: MESSAGE,
    from: fromFor(caller),
    where: [],
    sorts: { publishedAt: { expr: sql`m.published_at`, type: 'timestamptz' } },
    defaultSort: 'publishedAt',
    defaultOrder: 'desc',
    id: sql`m.id`,
    map: (r) => itemOf(r, lang),
  });
  return keysetPage(db, spec, { pageSize: q.pageSize, cursor: q.cursor });
}

/** One of the caller's messages, marked read; a message not aimed at the caller is not found. */
export async function readMessage(
  db: Db,
  caller: Caller,
  id: number,
  lang: MessageLang = 'zh',
): Promise<MessageDetail> {
  const row = await selectOne(
    db,
    MESSAGE,
    sql`FROM messages m ${readsOf(caller)}
        WHERE ${m.id} = ${id} AND ${visibleTo(caller)}`,
  );
  if (!row) throw notFound('消息不存在或已过期');
  if (row.readAt === null) {
    const mark = await selectOne(db, { readAt: marked.readAt }, sql`FROM marked`, {
      with: sql`WITH marked AS (
        INSERT INTO message_reads (agent_id, message_id, read_at)
        VALUES (${caller.agentId}, ${id}, now())
        ON CONFLICT (agent_id, message_id)
        DO UPDATE SET read_at = coalesce(message_reads.read_at, excluded.read_at)
        RETURNING read_at)`,
    });
    return detailOf({ ...row, readAt: mark?.readAt ?? null }, lang);
  }
  return detailOf(row, lang);
}

export async function unreadCount(db: Db, caller: Caller): Promise<number> {
  const row = await selectOne(db, COUNT, sql`${fromFor(caller)} WHERE ${mr.readAt} IS NULL`);
  return row?.n ?? 0;
}

/** Important messages the caller has neither read nor been shown in a pop-up, oldest first. */
export async function popupMessages(
  db: Db,
  caller: Caller,
  lang: MessageLang = 'zh',
): Promise<MessageDetail[]> {
  const found = await select(
    db,
    MESSAGE,
    sql`${fromFor(caller)}
        WHERE ${m.important} AND ${mr.readAt} IS NULL AND ${mr.poppedAt} IS NULL
        ORDER BY ${m.publishedAt}, ${m.id} LIMIT 10`,
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
  const a = agents;
  const count = async (where: SQL) =>
    (await selectOne(db, COUNT, sql`FROM ${a} WHERE ${a.role} = 'agent' AND ${where}`))?.n ?? 0;
  if (input.target === 'all') {
    return { ...base, count: await count(sql`TRUE`), names: [], text: '全部代理商' };
  }
  if (input.target === 'level') {
    const level = input.level!;
    const n = await count(sql`${a.level} = ${level}`);
    return { ...base, level, count: n, names: [], text: `等级${level}的代理商` };
  }
  if (input.target === 'tree') {
    const root = await selectOne(
      db,
      { name: a.name, mobile: a.mobile, path: a.path },
      sql`FROM ${a} WHERE ${a.id} = ${input.treeAgentId!} AND ${a.role} = 'agent'`,
    );
    if (!root) throw badRequest('团队的代理商不存在', 'treeAgentId');
    const n = await count(inAgentSubtree(sql`${a.path}`, sql`${root.path}::text`));
    return {
      ...base,
      path: root.path,
      count: n,
      names: [label(root)],
      text: `${label(root)}及其团队`,
    };
  }
  const ids = [...new Set(input.agentIds!)];
  const found = await select(
    db,
    { id: a.id, name: a.name, mobile: a.mobile },
    sql`FROM ${a} WHERE ${a.role} = 'agent' AND ${a.id} IN (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )}) ORDER BY ${a.id}`,
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
  const row = await selectOne(tx, { id: inserted.id }, sql`FROM inserted`, {
    with: sql`WITH inserted AS (INSERT INTO messages (type, title, body, important, target, target_level, target_path,
          audience, recipients, published_by, expires_at,
          agent_id, kind, event_key, title_en, body_en, link)
        VALUES (${m.type}, ${m.title}, ${m.body}, ${m.important}, ${m.target},
          ${m.level ?? null}, ${m.path ?? null}, ${m.audience}, ${m.recipients}, ${m.publishedBy},
          now() + make_interval(days => ${m.expiryDays}),
          ${e?.agentId ?? null}, ${e?.kind ?? null}, ${e?.key ?? null}, ${e?.titleEn ?? null},
          ${e?.bodyEn ?? null}, ${e?.link ?? null})
        ON CONFLICT (event_key) DO NOTHING
        RETURNING id)`,
  });
  if (!row) return null;
  const id = row.id;
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
  const o = alias(operators, 'o');
  return typedKeyset({
    shape: {
      id: m.id,
      type: m.type,
      title: m.title,
      body: m.body,
      important: m.important,
      target: m.target,
      audience: m.audience,
      recipients: m.recipients,
      publishedAt: m.publishedAt,
      expiresAt: m.expiresAt,
      operatorName: o.name,
      readCount:
        sql`(SELECT count(*) FROM message_reads r WHERE r.message_id = ${m.id} AND r.read_at IS NOT NULL)`.mapWith(
          decode.number,
        ),
    },
    from: sql`FROM messages m JOIN operators o ON ${o.id} = ${m.publishedBy}`,
    // The operators' messages only: product events have no publisher.
    where: [q.keyword ? sql`m.title LIKE ${`%${q.keyword}%`}` : undefined],
    sorts: { publishedAt: { expr: sql`m.published_at`, type: 'timestamptz' } },
    defaultSort: 'publishedAt',
    id: sql`m.id`,
    counted: true,
    map: (r) => ({
      id: r.id,
      type: r.type,
      title: r.title,
      body: r.body,
      important: r.important,
      target: r.target as MessageTarget,
      audience: r.audience,
      recipients: r.recipients,
      readCount: r.readCount,
      publishedAt: r.publishedAt.toISOString(),
      expiresAt: r.expiresAt.toISOString(),
      publishedBy: r.operatorName,
    }),
  });
}
