import {
  hasPermission,
  maskPhone,
  TICKET_IMAGE_MAX_BYTES,
  TICKET_STATUS,
  type AdminTicket,
  type AdminTicketDetail,
  type TicketAssignee,
  type TicketDetail,
  type TicketImageUploaded,
  type TicketItem,
  type TicketPage,
} from '@pos/core';
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { rows } from '../../db/client';
import { badRequest, conflict, notFound, tooMany } from '../../lib/app-error';
import { checkImageDimensions } from '../../lib/image-dimensions';
import { keysetPage, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import type { Caller } from '../../plugins/auth';
import { audit } from '../admin/audit';
import { sniffImage } from '../merchants/upload-merchant-file';

const iso = (v: unknown) => new Date(v as string).toISOString();
const isoOrNull = (v: unknown) => (v == null ? null : iso(v));
const SUMMARY_CHARS = 60;
/** Images an agent may upload in a day without opening a ticket with them. */
export const TICKET_LOOSE_IMAGES_PER_DAY = 20;

type Opener = Pick<Caller, 'agentId' | 'topId'>;
/**
 * The opener's tree (the shard key). The platform's own account belongs to none: it opens no
 * ticket (treeToWrite) and finds none (0 is no tree).
 */
const treeOf = (caller: Opener) => caller.topId ?? 0;
const treeToWrite = (caller: Opener) => {
  if (caller.topId === null) throw badRequest('平台账号不能提交工单');
  return caller.topId;
};

const summaryOf = (text: unknown) => String(text).replace(/\s+/g, ' ').slice(0, SUMMARY_CHARS);

const itemOf = (r: Record<string, unknown>): TicketItem => ({
  id: Number(r.id),
  type: Number(r.type),
  status: Number(r.status),
  summary: summaryOf(r.description),
  replies: Number(r.replies),
  rated: r.rating != null,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

// --- agents ------------------------------------------------------------------------------------

/**
 * Stores an image for a ticket the caller is about to open: JPEG, PNG or WebP by its first bytes,
 * at most 2 MB, with a readable size no larger than the uploads' limit. It stays the caller's,
 * unattached, until a ticket takes it.
 */
export async function uploadTicketImage(
  db: Db,
  caller: Opener,
  input: { data: Buffer; truncated: boolean },
): Promise<TicketImageUploaded> {
  const topId = treeToWrite(caller);
  if (input.truncated || input.data.length > TICKET_IMAGE_MAX_BYTES)
    throw badRequest('图片不能超过2MB', 'file');
  if (input.data.length === 0) throw badRequest('请选择图片', 'file');
  const mime = sniffImage(input.data);
  if (!mime) throw badRequest('只支持JPG、PNG或WebP图片', 'file');
  checkImageDimensions(input.data, mime, 'file');
  const [loose] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(*) AS n FROM support_ticket_images
        WHERE agent_id = ${caller.agentId} AND top_id = ${treeOf(caller)} AND ticket_id IS NULL
          AND created_at > now() - interval '1 day'`,
  );
  if (Number(loose?.n ?? 0) >= TICKET_LOOSE_IMAGES_PER_DAY)
    throw tooMany('上传的图片过多，请先提交工单或明天再试');
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  const [row] = await rows<{ id: unknown }>(
    db,
    sql`INSERT INTO support_ticket_images (agent_id, top_id, mime, size_bytes, sha256, data)
        VALUES (${caller.agentId}, ${topId}, ${mime}, ${input.data.length}, ${sha256},
          decode(${input.data.toString('base64')}, 'base64'))
        RETURNING id`,
  );
  return { imageId: Number(row!.id), sizeBytes: input.data.length };
}

/** Opens a ticket with images the caller uploaded and no ticket holds yet. */
export async function createTicket(
  db: Db,
  caller: Opener,
  input: { type: number; description: string; imageIds: number[] },
): Promise<{ id: number }> {
  const imageIds = [...new Set(input.imageIds)];
  const topId = treeToWrite(caller);
  return db.transaction(async (tx) => {
    if (imageIds.length) {
      const own = await rows<{ id: unknown }>(
        tx,
        sql`SELECT id FROM support_ticket_images
            WHERE agent_id = ${caller.agentId} AND top_id = ${treeOf(caller)} AND ticket_id IS NULL
              AND id IN (${sql.join(
                imageIds.map((i) => sql`${i}`),
                sql`, `,
              )})
            FOR UPDATE`,
      );
      if (own.length !== imageIds.length) throw badRequest('图片不存在或已使用', 'imageIds');
    }
    const [row] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO support_tickets (agent_id, top_id, type, description)
          VALUES (${caller.agentId}, ${topId}, ${input.type}, ${input.description})
          RETURNING id`,
    );
    const id = Number(row!.id);
    if (imageIds.length) {
      await tx.execute(
        sql`UPDATE support_ticket_images SET ticket_id = ${id}
            WHERE agent_id = ${caller.agentId} AND top_id = ${treeOf(caller)}
              AND id IN (${sql.join(
                imageIds.map((i) => sql`${i}`),
                sql`, `,
              )})`,
      );
    }
    return { id };
  });
}

const ownTickets = (caller: Opener) =>
  sql`t.agent_id = ${caller.agentId} AND t.top_id = ${treeOf(caller)}`;

/** The caller's own tickets, newest first, by keyset; optionally of one state. */
export function listTickets(
  db: Db,
  caller: Opener,
  q: { pageSize: number; cursor?: string; status?: number },
): Promise<TicketPage> {
  const spec: KeysetSpec<TicketItem> = {
    select: sql`t.id, t.type, t.status, t.description, t.replies, t.rating, t.created_at, t.updated_at`,
    from: sql`FROM support_tickets t`,
    where: [ownTickets(caller), q.status ? sql`t.status = ${q.status}` : undefined],
    sorts: { createdAt: { expr: sql`t.created_at`, type: 'timestamptz' } },
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    id: sql`t.id`,
    map: itemOf,
  };
  return keysetPage(db, spec, { pageSize: q.pageSize, cursor: q.cursor });
}

async function loadParts(db: DbOrTx, ticketId: number, topId: number) {
  const images = await rows<{ id: unknown }>(
    db,
    sql`SELECT i.id FROM support_ticket_images i
        WHERE i.ticket_id = ${ticketId} AND i.top_id = ${topId} ORDER BY i.id`,
  );
  const replies = await rows<Record<string, unknown>>(
    db,
    sql`SELECT r.id, r.body, r.created_at, o.name AS operator_name
        FROM support_ticket_replies r JOIN operators o ON o.id = r.operator_id
        WHERE r.ticket_id = ${ticketId} AND r.top_id = ${topId} ORDER BY r.id`,
  );
  return { images: images.map((i) => Number(i.id)), replies };
}

/** One of the caller's tickets with its images and replies; anyone else's is not found. */
export async function getTicket(db: Db, caller: Opener, id: number): Promise<TicketDetail> {
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT t.* FROM support_tickets t WHERE t.id = ${id} AND ${ownTickets(caller)}`,
  );
  if (!t) throw notFound('工单不存在');
  const parts = await loadParts(db, id, treeOf(caller));
  return {
    ...itemOf(t),
    description: String(t.description),
    images: parts.images,
    replyList: parts.replies.map((r) => ({
      id: Number(r.id),
      body: String(r.body),
      createdAt: iso(r.created_at),
    })),
    rating: t.rating == null ? null : Number(t.rating),
    ratingComment: t.rating_comment == null ? null : String(t.rating_comment),
    ratedAt: isoOrNull(t.rated_at),
    closedAt: isoOrNull(t.closed_at),
  };
}

/** The bytes of an image the caller uploaded; anyone else's is not found. */
export async function readOwnTicketImage(db: Db, caller: Opener, id: number) {
  const [row] = await rows<{ mime: string; data: string }>(
    db,
    sql`SELECT mime, encode(data, 'base64') AS data FROM support_ticket_images
        WHERE id = ${id} AND agent_id = ${caller.agentId} AND top_id = ${treeOf(caller)}`,
  );
  if (!row) throw notFound('图片不存在');
  return { mime: row.mime, data: Buffer.from(row.data, 'base64') };
}

/**
 * The opener rates the answer, once, after an operator replied: the ticket is then closed (a
 * closed ticket with a reply can be rated too).
 */
export async function rateTicket(
  db: Db,
  caller: Opener,
  input: { id: number; rating: number; comment?: string },
): Promise<TicketDetail> {
  await db.transaction(async (tx) => {
    const [t] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT t.status, t.replies, t.rating FROM support_tickets t
          WHERE t.id = ${input.id} AND ${ownTickets(caller)} FOR UPDATE`,
    );
    if (!t) throw notFound('工单不存在');
    if (t.rating != null) throw conflict('该工单已评价', 'rating');
    if (Number(t.replies) === 0) throw conflict('客服回复后才能评价', 'rating');
    await tx.execute(
      sql`UPDATE support_tickets t SET rating = ${input.rating},
            rating_comment = ${input.comment ? input.comment : null}, rated_at = now(),
            status = ${TICKET_STATUS.CLOSED}, closed_at = coalesce(closed_at, now()),
            updated_at = now()
          WHERE t.id = ${input.id} AND ${ownTickets(caller)}`,
    );
  });
  return getTicket(db, caller, input.id);
}

// --- operators ---------------------------------------------------------------------------------

const adminColumns = sql`t.id, t.type, t.status, t.description, t.replies, t.rating, t.created_at,
  t.updated_at, t.assignee_id, a.name AS agent_name, a.mobile AS agent_mobile, o.name AS assignee`;
const adminFrom = sql`FROM support_tickets t JOIN agents a ON a.id = t.agent_id
  LEFT JOIN operators o ON o.id = t.assignee_id`;

const adminItemOf = (r: Record<string, unknown>): AdminTicket => ({
  ...itemOf(r),
  agentName: String(r.agent_name),
  agentMobile: maskPhone(String(r.agent_mobile)),
  assignee: r.assignee == null ? null : String(r.assignee),
  rating: r.rating == null ? null : Number(r.rating),
});

/** The console's queue: every ticket, newest first, by state, type and whose it is. */
export function adminTicketList(
  op: Pick<OperatorCaller, 'operatorId'>,
  q: { status?: number; type?: number; assignee?: 'me' | 'none' },
): KeysetSpec<AdminTicket> {
  return {
    select: adminColumns,
    from: adminFrom,
    where: [
      q.status ? sql`t.status = ${q.status}` : undefined,
      q.type ? sql`t.type = ${q.type}` : undefined,
      q.assignee === 'me' ? sql`t.assignee_id = ${op.operatorId}` : undefined,
      q.assignee === 'none' ? sql`t.assignee_id IS NULL` : undefined,
    ],
    sorts: {
      createdAt: { expr: sql`t.created_at`, type: 'timestamptz' },
      updatedAt: { expr: sql`t.updated_at`, type: 'timestamptz' },
    },
    defaultSort: 'createdAt',
    id: sql`t.id`,
    map: adminItemOf,
  };
}

export async function adminGetTicket(db: DbOrTx, id: number): Promise<AdminTicketDetail> {
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${adminColumns}, t.top_id, t.rating_comment, t.rated_at, t.closed_at
        ${adminFrom} WHERE t.id = ${id}`,
  );
  if (!t) throw notFound('工单不存在');
  const parts = await loadParts(db, id, Number(t.top_id));
  return {
    ...adminItemOf(t),
    description: String(t.description),
    assigneeId: t.assignee_id == null ? null : Number(t.assignee_id),
    images: parts.images,
    replyList: parts.replies.map((r) => ({
      id: Number(r.id),
      body: String(r.body),
      createdAt: iso(r.created_at),
      operatorName: String(r.operator_name),
    })),
    ratingComment: t.rating_comment == null ? null : String(t.rating_comment),
    ratedAt: isoOrNull(t.rated_at),
    closedAt: isoOrNull(t.closed_at),
  };
}

/** The bytes of an image attached to a ticket (an unattached upload is nobody's business yet). */
export async function adminReadTicketImage(db: Db, id: number) {
  const [row] = await rows<{ mime: string; data: string }>(
    db,
    sql`SELECT mime, encode(data, 'base64') AS data FROM support_ticket_images
        WHERE id = ${id} AND ticket_id IS NOT NULL`,
  );
  if (!row) throw notFound('图片不存在');
  return { mime: row.mime, data: Buffer.from(row.data, 'base64') };
}

/** Active operators whose role may handle tickets: who a ticket can be assigned to. */
export async function ticketAssignees(db: Db): Promise<TicketAssignee[]> {
  const found = await rows<{ id: unknown; name: string; role: string }>(
    db,
    sql`SELECT id, name, role FROM operators WHERE status = 0 ORDER BY id`,
  );
  return found
    .filter((o) => hasPermission(o.role, 'ticket:handle'))
    .map((o) => ({ id: Number(o.id), name: o.name }));
}

async function lockOpen(tx: DbOrTx, id: number) {
  const [t] = await rows<Record<string, unknown>>(
    tx,
    sql`SELECT id, top_id, status, assignee_id FROM support_tickets WHERE id = ${id} FOR UPDATE`,
  );
  if (!t) throw notFound('工单不存在');
  if (Number(t.status) === TICKET_STATUS.CLOSED) throw conflict('工单已关闭');
  return t;
}

/** Gives a ticket to an operator who may handle tickets (audited). */
export async function assignTicket(
  db: Db,
  op: OperatorCaller,
  id: number,
  operatorId: number,
): Promise<AdminTicketDetail> {
  await db.transaction(async (tx) => {
    const t = await lockOpen(tx, id);
    const [to] = await rows<{ name: string; role: string }>(
      tx,
      sql`SELECT name, role FROM operators WHERE id = ${operatorId} AND status = 0`,
    );
    if (!to || !hasPermission(to.role, 'ticket:handle'))
      throw badRequest('该操作员不能处理工单', 'operatorId');
    await tx.execute(
      sql`UPDATE support_tickets SET assignee_id = ${operatorId},
            status = CASE WHEN status = ${TICKET_STATUS.OPEN} THEN ${TICKET_STATUS.IN_PROGRESS} ELSE status END,
            updated_at = now()
          WHERE id = ${id}`,
    );
    await audit(tx, op, {
      action: 'ticket.assign',
      targetType: 'ticket',
      targetId: id,
      before: { assigneeId: t.assignee_id == null ? null : Number(t.assignee_id) },
      after: { assigneeId: operatorId, assignee: to.name },
    });
  });
  return adminGetTicket(db, id);
}

/** An operator's reply: the opener sees it; an unassigned ticket becomes the replier's (audited). */
export async function replyTicket(
  db: Db,
  op: OperatorCaller,
  id: number,
  body: string,
): Promise<AdminTicketDetail> {
  await db.transaction(async (tx) => {
    const t = await lockOpen(tx, id);
    const [reply] = await rows<{ id: unknown }>(
      tx,
      sql`INSERT INTO support_ticket_replies (ticket_id, top_id, operator_id, body)
          VALUES (${id}, ${Number(t.top_id)}, ${op.operatorId}, ${body}) RETURNING id`,
    );
    await tx.execute(
      sql`UPDATE support_tickets SET status = ${TICKET_STATUS.REPLIED}, replies = replies + 1,
            assignee_id = coalesce(assignee_id, ${op.operatorId}), updated_at = now()
          WHERE id = ${id}`,
    );
    await audit(tx, op, {
      action: 'ticket.reply',
      targetType: 'ticket',
      targetId: id,
      before: { status: Number(t.status) },
      after: { status: TICKET_STATUS.REPLIED, replyId: Number(reply!.id), body },
    });
  });
  return adminGetTicket(db, id);
}

/** Closes a ticket, with an optional last word to the opener as a reply (audited). */
export async function closeTicket(
  db: Db,
  op: OperatorCaller,
  id: number,
  note: string | undefined,
): Promise<AdminTicketDetail> {
  await db.transaction(async (tx) => {
    const t = await lockOpen(tx, id);
    if (note) {
      await tx.execute(
        sql`INSERT INTO support_ticket_replies (ticket_id, top_id, operator_id, body)
            VALUES (${id}, ${Number(t.top_id)}, ${op.operatorId}, ${note})`,
      );
    }
    await tx.execute(
      sql`UPDATE support_tickets SET status = ${TICKET_STATUS.CLOSED}, closed_at = now(),
            replies = replies + ${note ? 1 : 0}, updated_at = now()
          WHERE id = ${id}`,
    );
    await audit(tx, op, {
      action: 'ticket.close',
      targetType: 'ticket',
      targetId: id,
      before: { status: Number(t.status) },
      after: { status: TICKET_STATUS.CLOSED, note: note ?? null },
    });
  });
  return adminGetTicket(db, id);
}
