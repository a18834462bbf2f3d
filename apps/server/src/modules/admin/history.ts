import type { SnHistory, StatementLine } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';

const iso = (v: unknown) => new Date(v as string).toISOString();

/** One SN's whole life across trees: the terminal now and every operation that touched it. */
export async function snHistory(db: Db, sn: string): Promise<SnHistory> {
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT t.id, t.sn, b.name AS brand, t.model, a.name AS holder_name, m.name AS merchant_name,
               t.bind_status, t.deleted_at, t.created_at
          FROM terminals t JOIN brands b ON b.id = t.brand_id
          LEFT JOIN agents a ON a.id = t.holder_agent_id LEFT JOIN merchants m ON m.id = t.merchant_id
         WHERE t.sn = ${sn}`,
  );
  if (!t) throw notFound(`SN ${sn} 不存在`);
  const ops = await rows<Record<string, unknown>>(
    db,
    sql`SELECT o.id, o.type, o.status, op.name AS operator_name, f.name AS from_name, tt.name AS to_name,
               o.reason, o.created_at
          FROM terminal_operation_items i JOIN terminal_operations o ON o.id = i.operation_id
          JOIN agents op ON op.id = o.operator_id
          LEFT JOIN agents f ON f.id = o.from_agent_id LEFT JOIN agents tt ON tt.id = o.to_agent_id
         WHERE i.terminal_id = ${Number(t.id)} ORDER BY i.operation_id DESC LIMIT 500`,
  );
  return {
    terminal: {
      id: Number(t.id),
      sn: String(t.sn),
      brand: String(t.brand),
      model: String(t.model),
      holderName: (t.holder_name as string | null) ?? null,
      merchantName: (t.merchant_name as string | null) ?? null,
      bindStatus: Number(t.bind_status),
      deleted: t.deleted_at != null,
      createdAt: iso(t.created_at),
    },
    operations: ops.map((o) => ({
      id: Number(o.id),
      type: Number(o.type),
      status: Number(o.status),
      operatorName: String(o.operator_name),
      fromName: (o.from_name as string | null) ?? null,
      toName: (o.to_name as string | null) ?? null,
      reason: String(o.reason),
      createdAt: iso(o.created_at),
    })),
  };
}

/**
 * An agent's statement for one wallet: its ledger lines newest first, by keyset on the account's
 * (account_id, id) index, so it reads the same on ten million lines.
 */
export function statementList(q: {
  agentId: number;
  walletType: string;
}): KeysetSpec<StatementLine> {
  return {
    select: sql`l.id, l.entry_id, l.amount_fen, l.info_type, l.txn_id, e.memo, l.created_at`,
    from: sql`FROM ledger_lines l LEFT JOIN ledger_entries e ON e.id = l.entry_id`,
    where: [
      sql`l.account_id = (SELECT id FROM ledger_accounts WHERE agent_id = ${q.agentId} AND wallet_type = ${q.walletType} AND kind = 'agent')`,
    ],
    sorts: { id: { expr: sql`l.id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`l.id`,
    map: (r) => ({
      id: Number(r.id),
      entryId: Number(r.entry_id),
      amountFen: Number(r.amount_fen),
      infoType: String(r.info_type),
      txnId: r.txn_id == null ? null : Number(r.txn_id),
      memo: (r.memo as string | null) ?? null,
      createdAt: iso(r.created_at),
    }),
  };
}
