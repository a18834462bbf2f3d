import type { AuditOperator, AuditQuery, AuditRecord } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { shanghaiDays, type KeysetSpec } from '../../lib/keyset';

/** The audit log newest first, filtered by operator, action, target and China-time days. */
export function auditList(q: AuditQuery): KeysetSpec<AuditRecord> {
  return {
    select: sql`id, operator_id, operator_name, role, action, target_type, target_id, before, after, ip, created_at`,
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
    map: (r) => ({
      id: Number(r.id),
      operatorId: r.operator_id == null ? null : Number(r.operator_id),
      operatorName: String(r.operator_name),
      role: String(r.role),
      action: String(r.action),
      targetType: String(r.target_type),
      targetId: (r.target_id as string | null) ?? null,
      before: r.before ?? null,
      after: r.after ?? null,
      ip: (r.ip as string | null) ?? null,
      createdAt: new Date(r.created_at as string).toISOString(),
    }),
  };
}

/** Every operator by name, for the audit log's operator filter (a few dozen at most). */
export async function auditOperators(db: DbOrTx): Promise<AuditOperator[]> {
  const found = await rows<{ id: unknown; name: string; role: string }>(
    db,
    sql`SELECT id, name, role FROM operators ORDER BY name, id`,
  );
  return found.map((o) => ({ id: Number(o.id), name: o.name, role: o.role }));
}
