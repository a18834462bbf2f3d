import {
  IDENTIFY_STATUS,
  type AdminIdentification,
  type DecideIdentificationRequest,
  type IdentificationQuery,
} from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, merchants } from '../../db/schema';
import { badRequest, notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';

const m = alias(merchants, 'm');
const a = alias(agents, 'a');

/**
 * The identification review queue. The built-in verification decides at once (the legal person's
 * name must match the merchant's); what it refuses comes here, where an operator looks at both
 * sides of the ID card and either approves it (a legitimate mismatch, say a renamed legal person)
 * or confirms the refusal with a reason the agent sees. `review`: pending (refused, not yet
 * reviewed), rejected (refused and reviewed) or verified.
 */
export function identificationList(q: IdentificationQuery): KeysetSpec<AdminIdentification> {
  const review = q.review ?? 'pending';
  return typedKeyset({
    shape: {
      id: m.id,
      merchantNo: m.merchantNo,
      name: m.name,
      legalName: m.legalName,
      agentName: a.name,
      idCardMasked: m.idCardMasked,
      identifyStatus: m.identifyStatus,
      reason: m.identifyReason,
      frontFileId: m.idFrontFileId,
      backFileId: m.idBackFileId,
      reviewedAt: m.identifyReviewedAt,
      updatedAt: m.updatedAt,
    },
    from: sql`FROM merchants m JOIN agents a ON a.id = m.agent_id`,
    where: [
      review === 'pending'
        ? sql`m.identify_status = ${IDENTIFY_STATUS.FAILED} AND m.identify_reviewed_at IS NULL`
        : review === 'rejected'
          ? sql`m.identify_status = ${IDENTIFY_STATUS.FAILED} AND m.identify_reviewed_at IS NOT NULL`
          : sql`m.identify_status = ${IDENTIFY_STATUS.VERIFIED}`,
      q.keyword ? sql`(m.merchant_no = ${q.keyword} OR m.name LIKE ${`${q.keyword}%`})` : undefined,
    ],
    sorts: { id: { expr: sql`m.id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`m.id`,
    map: (r) => ({
      ...r,
      reviewedAt: r.reviewedAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    }),
  });
}

/**
 * An operator's decision on a refused identification: approve (verified from now on) or reject
 * with a reason the agent sees on the merchant. Only a refusal not yet reviewed can be decided;
 * the agent's resubmission puts it back in the queue.
 */
export async function decideIdentification(
  db: Db,
  op: OperatorCaller,
  input: DecideIdentificationRequest,
  now: Date = new Date(),
) {
  if (!input.approve && !input.reason) throw badRequest('请填写驳回理由', 'reason');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({
        identifyStatus: merchants.identifyStatus,
        identifyReason: merchants.identifyReason,
        reviewedAt: merchants.identifyReviewedAt,
      })
      .from(merchants)
      .where(eq(merchants.id, input.id))
      .for('update');
    if (!before) throw notFound('商户不存在');
    if (before.identifyStatus !== IDENTIFY_STATUS.FAILED || before.reviewedAt !== null)
      throw badRequest('该商户的认证不在待复核中', 'id');
    const status = input.approve ? IDENTIFY_STATUS.VERIFIED : IDENTIFY_STATUS.FAILED;
    const reason = input.approve ? null : input.reason!;
    await tx.execute(
      sql`UPDATE merchants SET identify_status = ${status}, identify_reason = ${reason},
            identified_at = ${input.approve ? now : null}, identify_reviewed_at = ${now}, updated_at = ${now}
          WHERE id = ${input.id}`,
    );
    await audit(tx, op, {
      action: input.approve ? 'identification.approve' : 'identification.reject',
      targetType: 'merchant',
      targetId: input.id,
      before: { identifyStatus: before.identifyStatus, reason: before.identifyReason },
      after: { identifyStatus: status, reason },
    });
    return { status };
  });
}
