import type { SnHistory, StatementLine } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  agents,
  brands,
  ledgerEntries,
  ledgerLines,
  merchants,
  terminalOperationItems,
  terminalOperations,
  terminals,
} from '../../db/schema';
import { decode, orNull, select, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';

const t = alias(terminals, 't');
const b = alias(brands, 'b');
const a = alias(agents, 'a');
const m = alias(merchants, 'm');
const i = alias(terminalOperationItems, 'i');
const o = alias(terminalOperations, 'o');
const op = alias(agents, 'op');
const f = alias(agents, 'f');
const tt = alias(agents, 'tt');
const l = alias(ledgerLines, 'l');
const e = alias(ledgerEntries, 'e');

/** One SN's whole life across trees: the terminal now and every operation that touched it. */
export async function snHistory(db: Db, sn: string): Promise<SnHistory> {
  const terminal = await selectOne(
    db,
    {
      id: t.id,
      sn: t.sn,
      brand: b.name,
      model: t.model,
      holderName: orNull(a.name),
      merchantName: orNull(m.name),
      bindStatus: t.bindStatus,
      deleted: sql`${t.deletedAt} IS NOT NULL`.mapWith(decode.bool),
      createdAt: t.createdAt,
    },
    sql`FROM terminals t JOIN brands b ON ${b.id} = ${t.brandId}
          LEFT JOIN agents a ON ${a.id} = ${t.holderAgentId} LEFT JOIN merchants m ON ${m.id} = ${t.merchantId}
         WHERE ${t.sn} = ${sn}`,
  );
  if (!terminal) throw notFound(`SN ${sn} 不存在`);
  const ops = await select(
    db,
    {
      id: o.id,
      type: o.type,
      status: o.status,
      operatorName: op.name,
      fromName: orNull(f.name),
      toName: orNull(tt.name),
      reason: o.reason,
      createdAt: o.createdAt,
    },
    sql`FROM terminal_operation_items i JOIN terminal_operations o ON ${o.id} = ${i.operationId}
          JOIN agents op ON ${op.id} = ${o.operatorId}
          LEFT JOIN agents f ON ${f.id} = ${o.fromAgentId} LEFT JOIN agents tt ON ${tt.id} = ${o.toAgentId}
         WHERE ${i.terminalId} = ${terminal.id} ORDER BY ${i.operationId} DESC LIMIT 500`,
  );
  return {
    terminal: { ...terminal, createdAt: terminal.createdAt.toISOString() },
    operations: ops.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
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
  return typedKeyset({
    shape: {
      id: l.id,
      entryId: l.entryId,
      amountFen: l.amountFen,
      infoType: l.infoType,
      txnId: l.txnId,
      memo: orNull(e.memo),
      createdAt: l.createdAt,
    },
    from: sql`FROM ledger_lines l LEFT JOIN ledger_entries e ON e.id = l.entry_id`,
    where: [
      sql`l.account_id = (SELECT id FROM ledger_accounts WHERE agent_id = ${q.agentId} AND wallet_type = ${q.walletType} AND kind = 'agent')`,
    ],
    sorts: { id: { expr: sql`l.id`, type: 'bigint' } },
    defaultSort: 'id',
    id: sql`l.id`,
    map: (r) => ({ ...r, createdAt: r.createdAt.toISOString() }),
  });
}
