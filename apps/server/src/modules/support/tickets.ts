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
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  agents,
  operators,
  supportTicketImages,
  supportTicketReplies,
  supportTickets,
} from '../../db/schema';
import { decode, orNull, select, selectOne, type RowOf } from '../../db/typed';
import { badRequest, conflict, notFound, tooMany } from '../../lib/app-error';
import { checkImageDimensions } from '../../lib/image-dimensions';
import { keysetPage, typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import type { Caller } from '../../plugins/auth';
import { audit } from '../../db/audit';
import { sniffImage } from '../merchants/upload-merchant-file';

const isoOrNull = (v: Date | null) => (v === null ? null : v.toISOString());
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

const summaryOf = (text: string) => text.replace(/\s+/g, ' ').slice(0, SUMMARY_CHARS);

const t = alias(supportTickets, 't');
const i = supportTicketImages;
const COUNT = { n: sql`count(*)`.mapWith(decode.number) };
/** A ticket as its lists show it (`support_tickets t`). */
const ITEM = {
  id: t.id,
  type: t.type,
  status: t.status,
  description: t.description,
  replies: t.replies,
  rating: t.rating,
  createdAt: t.createdAt,
  updatedAt: t.updatedAt,
};

const itemOf = (r: RowOf<typeof ITEM>): TicketItem => ({
  id: r.id,
  type: r.type,
  status: r.status,
  summary: summaryOf(r.description),
  replies: r.replies,
  rated: r.rating !== null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
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
  const loose = await selectOne(
    db,
    COUNT,
    sql`FROM ${i}
        WHERE ${i.agentId} = ${caller.agentId} AND ${i.topId} = ${treeOf(caller)} AND ${i.ticketId} IS NULL
          AND ${i.createdAt} > now() - interval '1 day'`,
  );
  if ((loose?.n ?? 0) >= TICKET_LOOSE_IMAGES_PER_DAY)
    throw tooMany('上传的图片过多，请先提交工单或明天再试');
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  const row = await selectOne(db, { id: inserted.id }, sql`FROM inserted`, {
    with: sql`WITH inserted AS (
      INSERT INTO support_ticket_images (agent_id, top_id, mime, size_bytes, sha256, data)
      VALUES (${caller.agentId}, ${topId}, ${mime}, ${input.data.length}, ${sha256},
        decode(${input.data.toString('base64')}, 'base64'))
      RETURNING id)`,
  });
  return { imageId: row!.id, sizeBytes: input.data.length };
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
      const own = await select(
        tx,
        { id: i.id },
        sql`FROM ${i}
            WHERE ${i.agentId} = ${caller.agentId} AND ${i.topId} = ${treeOf(caller)} AND ${i.ticketId} IS NULL
              AND ${i.id} IN (${sql.join(
                imageIds.map((i) => sql`${i}`),
                sql`, `,
              )})
            FOR UPDATE`,
      );
      if (own.length !== imageIds.length) throw badRequest('图片不存在或已使用', 'imageIds');
    }
    const row = await selectOne(tx, { id: insertedTicket.id }, sql`FROM inserted`, {
      with: sql`WITH inserted AS (
        INSERT INTO support_tickets (agent_id, top_id, type, description)
        VALUES (${caller.agentId}, ${topId}, ${input.type}, ${input.description})
        RETURNING id)`,
    });
    const id = row!.id;
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

/** Rows an INSERT … RETURNING gives (the CTE `inserted`). */
const inserted = alias(supportTicketImages, 'inserted');
const insertedTicket = alias(supportTickets, 'inserted');
const insertedReply = alias(supportTicketReplies, 'inserted');

const ownTickets = (caller: Opener) =>
  sql`${t.agentId} = ${caller.agentId} AND ${t.topId} = ${treeOf(caller)}`;

/** The caller's own tickets, newest first, by keyset; optionally of one state. */
export function listTickets(
  db: Db,
  caller: Opener,
  q: { pageSize: number; cursor?: string; status?: number },
): Promise<TicketPage> {
  const spec: KeysetSpec<TicketItem> = typedKeyset({
    shape: ITEM,
    from: sql`FROM support_tickets t`,
    where: [ownTickets(caller), q.status ? sql`t.status = ${q.status}` : undefined],
    sorts: { createdAt: { expr: sql`t.created_at`, type: 'timestamptz' } },
    defaultSort: 'createdAt',
    defaultOrder: 'desc',
    id: sql`t.id`,
    map: itemOf,
  });
  return keysetPage(db, spec, { pageSize: q.pageSize, cursor: q.cursor });
}

async function loadParts(db: DbOrTx, ticketId: number, topId: number) {
  const images = await select(
    db,
    { id: i.id },
    sql`FROM ${i} WHERE ${i.ticketId} = ${ticketId} AND ${i.topId} = ${topId} ORDER BY ${i.id}`,
  );
  const r = supportTicketReplies;
  const replies = await select(
    db,
    { id: r.id, body: r.body, createdAt: r.createdAt, operatorName: operators.name },
    sql`FROM ${r} JOIN ${operators} ON ${operators.id} = ${r.operatorId}
        WHERE ${r.ticketId} = ${ticketId} AND ${r.topId} = ${topId} ORDER BY ${r.id}`,
  );
  return { images: images.map((image) => image.id), replies };
}

/** One of the caller's tickets with its images and replies; anyone else's is not found. */
export async function getTicket(db: Db, caller: Opener, id: number): Promise<TicketDetail> {
  const found = await selectOne(
    db,
    { ...ITEM, ratingComment: t.ratingComment, ratedAt: t.ratedAt, closedAt: t.closedAt },
    sql`FROM support_tickets t WHERE ${t.id} = ${id} AND ${ownTickets(caller)}`,
  );
  if (!found) throw notFound('工单不存在');
  const parts = await loadParts(db, id, treeOf(caller));
  return {
    ...itemOf(found),
    description: found.description,
    images: parts.images,
    replyList: parts.replies.map((r) => ({
      id: r.id,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
    })),
    rating: found.rating,
    ratingComment: found.ratingComment,
    ratedAt: isoOrNull(found.ratedAt),
    closedAt: isoOrNull(found.closedAt),
  };
}

/** The bytes of an image the caller uploaded; anyone else's is not found. */
export async function readOwnTicketImage(db: Db, caller: Opener, id: number) {
  const row = await selectOne(
    db,
    { mime: i.mime, data: i.data },
    sql`FROM ${i}
        WHERE ${i.id} = ${id} AND ${i.agentId} = ${caller.agentId} AND ${i.topId} = ${treeOf(caller)}`,
  );
  if (!row) throw notFound('图片不存在');
  return row;
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
    const found = await selectOne(
      tx,
      { status: t.status, replies: t.replies, rating: t.rating },
      sql`FROM support_tickets t
          WHERE ${t.id} = ${input.id} AND ${ownTickets(caller)} FOR UPDATE`,
    );
    if (!found) throw notFound('工单不存在');
    if (found.rating !== null) throw conflict('该工单已评价', 'rating');
    if (found.replies === 0) throw conflict('客服回复后才能评价', 'rating');
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

const a = alias(agents, 'a');
const o = alias(operators, 'o');
const ADMIN_ITEM = {
  ...ITEM,
  assigneeId: t.assigneeId,
  agentName: a.name,
  agentMobile: a.mobile,
  assignee: orNull(o.name),
};
const adminFrom = sql`FROM support_tickets t JOIN agents a ON ${a.id} = ${t.agentId}
  LEFT JOIN operators o ON ${o.id} = ${t.assigneeId}`;

const adminItemOf = (r: RowOf<typeof ADMIN_ITEM>): AdminTicket => ({
  ...itemOf(r),
  agentName: r.agentName,
  agentMobile: maskPhone(r.agentMobile),
  assignee: r.assignee,
  rating: r.rating,
});

/** The console's queue: every ticket, newest first, by state, type and whose it is. */
export function adminTicketList(
  op: Pick<OperatorCaller, 'operatorId'>,
  q: { status?: number; type?: number; assignee?: 'me' | 'none' },
): KeysetSpec<AdminTicket> {
  return typedKeyset({
    shape: ADMIN_ITEM,
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
  });
}

export async function adminGetTicket(db: DbOrTx, id: number): Promise<AdminTicketDetail> {
  const found = await selectOne(
    db,
    {
      ...ADMIN_ITEM,
      topId: t.topId,
      ratingComment: t.ratingComment,
      ratedAt: t.ratedAt,
      closedAt: t.closedAt,
    },
    sql`${adminFrom} WHERE ${t.id} = ${id}`,
  );
  if (!found) throw notFound('工单不存在');
  const parts = await loadParts(db, id, found.topId);
  return {
    ...adminItemOf(found),
    description: found.description,
    assigneeId: found.assigneeId,
    images: parts.images,
    replyList: parts.replies.map((r) => ({
      id: r.id,
      body: r.body,
      createdAt: r.createdAt.toISOString(),
      operatorName: r.operatorName,
    })),
    ratingComment: found.ratingComment,
    ratedAt: isoOrNull(found.ratedAt),
    closedAt: isoOrNull(found.closedAt),
  };
}

/** The bytes of an image attached to a ticket (an unattached upload is nobody's business yet). */
export async function adminReadTicketImage(db: Db, id: number) {
  const row = await selectOne(
    db,
    { mime: i.mime, data: i.data },
    sql`FROM ${i} WHERE ${i.id} = ${id} AND ${i.ticketId} IS NOT NULL`,
  );
  if (!row) throw notFound('图片不存在');
  return row;
}

/** Active operators whose role may handle tickets: who a ticket can be assigned to. */
export async function ticketAssignees(db: Db): Promise<TicketAssignee[]> {
  const found = await select(
    db,
    { id: operators.id, name: operators.name, role: operators.role },
    sql`FROM ${operators} WHERE ${operators.status} = 0 ORDER BY ${operators.id}`,
  );
  return found
    .filter((op) => hasPermission(op.role, 'ticket:handle'))
    .map((op) => ({ id: op.id, name: op.name }));
}

async function lockOpen(tx: DbOrTx, id: number) {
  const st = supportTickets;
  const found = await selectOne(
    tx,
    { id: st.id, topId: st.topId, status: st.status, assigneeId: st.assigneeId },
    sql`FROM ${st} WHERE ${st.id} = ${id} FOR UPDATE`,
  );
  if (!found) throw notFound('工单不存在');
  if (found.status === TICKET_STATUS.CLOSED) throw conflict('工单已关闭');
  return found;
}

/** Gives a ticket to an operator who may handle tickets (audited). */
export async function assignTicket(
  db: Db,
  op: OperatorCaller,
  id: number,
  operatorId: number,
): Promise<AdminTicketDetail> {
  await db.transaction(async (tx) => {
    const ticket = await lockOpen(tx, id);
    const to = await selectOne(
      tx,
      { name: operators.name, role: operators.role },
      sql`FROM ${operators} WHERE ${operators.id} = ${operatorId} AND ${operators.status} = 0`,
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
      before: { assigneeId: ticket.assigneeId },
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
    const ticket = await lockOpen(tx, id);
    const reply = await selectOne(tx, { id: insertedReply.id }, sql`FROM inserted`, {
      with: sql`WITH inserted AS (
        INSERT INTO support_ticket_replies (ticket_id, top_id, operator_id, body)
        VALUES (${id}, ${ticket.topId}, ${op.operatorId}, ${body}) RETURNING id)`,
    });
    await tx.execute(
      sql`UPDATE support_tickets SET status = ${TICKET_STATUS.REPLIED}, replies = replies + 1,
            assignee_id = coalesce(assignee_id, ${op.operatorId}), updated_at = now()
          WHERE id = ${id}`,
    );
    await audit(tx, op, {
      action: 'ticket.reply',
      targetType: 'ticket',
      targetId: id,
      before: { status: ticket.status },
      after: { status: TICKET_STATUS.REPLIED, replyId: reply!.id, body },
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
    const ticket = await lockOpen(tx, id);
    if (note) {
      await tx.execute(
        sql`INSERT INTO support_ticket_replies (ticket_id, top_id, operator_id, body)
            VALUES (${id}, ${ticket.topId}, ${op.operatorId}, ${note})`,
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
      before: { status: ticket.status },
      after: { status: TICKET_STATUS.CLOSED, note: note ?? null },
    });
  });
  return adminGetTicket(db, id);
}
