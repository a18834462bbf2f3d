import type { AdminSmsOutboxQuery, AdminSmsOutboxRecord, Page } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';
import { typedKeyset, keysetPage, type KeysetSpec } from '../../lib/keyset';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';

function smsOutboxList(q: { mobile?: string }): KeysetSpec<AdminSmsOutboxRecord> {
  return typedKeyset({
    shape: {
      id: smsOutbox.id,
      mobile: smsOutbox.mobile,
      scene: smsOutbox.scene,
      code: smsOutbox.code,
      content: smsOutbox.content,
      createdAt: smsOutbox.createdAt,
    },
    from: sql`FROM sms_outbox`,
    where: [q.mobile !== undefined && sql`mobile = ${q.mobile}`],
    sorts: { id: { expr: sql`id`, type: 'bigint' } },
    defaultSort: 'id',
    defaultOrder: 'desc',
    id: sql`id`,
    map: (r) => ({
      id: r.id,
      mobile: r.mobile,
      scene: r.scene,
      code: r.code,
      content: r.content,
      createdAt: r.createdAt.toISOString(),
    }),
  });
}

/**
 * A page of what the simulated SMS gateway "sent", newest first, codes included, for an operator
 * helping someone through a demo. Every read is audited with the mobile asked for and the
 * messages shown, so who saw which code can be told afterwards.
 */
export async function readSmsOutboxPage(
  db: Db,
  op: OperatorCaller,
  query: AdminSmsOutboxQuery,
): Promise<Page<AdminSmsOutboxRecord>> {
  return db.transaction(async (tx) => {
    const page = await keysetPage(tx, smsOutboxList(query), query);
    await audit(tx, op, {
      action: 'sms.outbox.read',
      targetType: 'sms_outbox',
      targetId: query.mobile ?? null,
      after: { mobile: query.mobile ?? null, ids: page.rows.map((r) => r.id) },
    });
    return page;
  });
}
