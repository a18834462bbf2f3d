import type { AuditOperator, AuditQuery, AuditRecord } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { auditLogs, operators } from '../../db/schema';
import { typedKeyset, shanghaiDays, type KeysetSpec } from '../../lib/keyset';

/** The audit log newest first, filtered by operator, action, target and China-time days. */
export function auditList(q: AuditQuery): KeysetSpec<AuditRecord> {
  return typedKeyset({
    shape: {
      id: auditLogs.id,
      operatorId: auditLogs.operatorId,
      operatorName: auditLogs.operatorName,
      role: auditLogs.role,
      action: auditLogs.action,
      targetType: auditLogs.targetType,
      targetId: auditLogs.targetId,
      before: auditLogs.before,
      after: auditLogs.after,
      ip: auditLogs.ip,
      createdAt: auditLogs.createdAt,
    },
    from: sql`FROM audit_logs`,
    where: [
      q.operatorId !== undefined && sql`operator_id = ${q.operatorId}`,
      q.action ? sql`action = ${q.action}` : undefined,
      q.targetType ? sql`target_type = ${q.targetType}` : undefined,
      q.targetId ? sql`target_id = ${q.targetId}` : undefined,
      ...shanghaiDays(sql`created_at`, q.from, q.to),
    ],
    sorts: { createdAt: { expr: sql`created_at`, type: 'timestamptz' } },
    defaultSort: 'createdAt',
    id: sql`id`,
    map: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  });
}

/** Every operator by name, for the audit log's operator filter (a few dozen at most). */
export async function auditOperators(db: DbOrTx): Promise<AuditOperator[]> {
  return db
    .select({ id: operators.id, name: operators.name, role: operators.role })
    .from(operators)
    .orderBy(operators.name, operators.id);
}
