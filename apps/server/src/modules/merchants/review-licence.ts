import { LICENCE_STATUS } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { merchants } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';

/** An operator approves or rejects a licence under review (a rejection gives its reason). */
export async function reviewLicence(
  db: DbOrTx,
  input: { id: number; approve: boolean; reason?: string | undefined },
  now: Date = new Date(),
) {
  if (!input.approve && !input.reason) throw badRequest('请填写驳回理由', 'reason');
  const status = input.approve ? LICENCE_STATUS.APPROVED : LICENCE_STATUS.REJECTED;
  const row = await selectOne(
    db,
    { id: sql`reviewed.id`.mapWith(merchants.id) },
    sql`FROM reviewed`,
    {
      with: sql`WITH reviewed AS (
        UPDATE merchants SET licence_status = ${status}, licence_reason = ${input.approve ? null : input.reason},
          updated_at = ${now}
        WHERE id = ${input.id} AND licence_status = ${LICENCE_STATUS.REVIEWING} RETURNING id)`,
    },
  );
  if (!row) {
    const exists = await selectOne(
      db,
      { id: merchants.id },
      sql`FROM ${merchants} WHERE ${merchants.id} = ${input.id}`,
    );
    if (!exists) throw notFound('商户不存在');
    throw badRequest('该商户资料不在审核中', 'id');
  }
  return { status };
}
