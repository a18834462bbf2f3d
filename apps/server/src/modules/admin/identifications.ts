import {
  IDENTIFY_STATUS,
  type AdminIdentification,
  type DecideIdentificationRequest,
  type IdentificationQuery,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from './audit';
import { isoOrEpoch, isoOrNull } from '../../db/convert';

/**
 * The identification review queue. The built-in verification decides at once (the legal person's
 * name must match the merchant's); what it refuses comes here, where an operator looks at both
 * sides of the ID card and either approves it (a legitimate mismatch, say a renamed legal person)
 * or confirms the refusal with a reason the agent sees. `review`: pending (refused, not yet
 * reviewed), rejected (refused and reviewed) or verified.
 */
export function identificationList(q: IdentificationQuery): KeysetSpec<AdminIdentification> {
  const review = q.review ?? 'pending';
  return {
    select: sql`m.id, m.merchant_no, m.name, m.legal_name, a.name AS agent_name, m.id_card_masked,
                m.identify_status, m.identify_reason, m.id_front_file_id, m.id_back_file_id,
                m.identify_reviewed_at, m.updated_at`,
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
      id: Number(r.id),
      merchantNo: String(r.merchant_no),
      name: String(r.name),
      legalName: String(r.legal_name),
      agentName: String(r.agent_name),
      idCardMasked: (r.id_card_masked as string | null) ?? null,
      identifyStatus: Number(r.identify_status),
      reason: (r.identify_reason as string | null) ?? null,
      frontFileId: r.id_front_file_id == null ? null : Number(r.id_front_file_id),
      backFileId: r.id_back_file_id == null ? null : Number(r.id_back_file_id),
      reviewedAt: isoOrNull(r.identify_reviewed_at),
      updatedAt: isoOrEpoch(r.updated_at),
    }),
  };
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
    const [before] = await rows<{
      identify_status: unknown;
      identify_reason: unknown;
      reviewed: unknown;
    }>(
      tx,
      sql`SELECT identify_status, identify_reason, identify_reviewed_at IS NOT NULL AS reviewed
            FROM merchants WHERE id = ${input.id} FOR UPDATE`,
    );
    if (!before) throw notFound('商户不存在');
    if (Number(before.identify_status) !== IDENTIFY_STATUS.FAILED || before.reviewed)
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
      before: { identifyStatus: Number(before.identify_status), reason: before.identify_reason },
      after: { identifyStatus: status, reason },
    });
    return { status };
  });
}
