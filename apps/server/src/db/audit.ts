import type { AuditAction } from '@pos/core';
import type { DbOrTx } from './client';
import { auditLogs } from './schema';
import type { OperatorCaller } from '../plugins/admin-auth';

export interface AuditEntry {
  /**
   * What was done, as `area.verb` (withdrawal.approve, banner.update, pii.reveal ...): one of
   * core's AUDIT_ACTION_LABELS, so the console can name it in both languages; a new action is
   * added there with its words.
   */
  action: AuditAction;
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

type Actor = Pick<OperatorCaller, 'operatorId' | 'name' | 'role' | 'ip'>;

/**
 * Appends one audit record. Call it with the transaction that makes the change, so the record and
 * the change commit or roll back together; the table refuses updates and deletes.
 */
export async function audit(tx: DbOrTx, actor: Actor, entry: AuditEntry) {
  await tx.insert(auditLogs).values({
    operatorId: actor.operatorId,
    operatorName: actor.name,
    role: actor.role,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId == null ? null : String(entry.targetId),
    before: entry.before ?? null,
    after: entry.after ?? null,
    ip: actor.ip,
  });
}
