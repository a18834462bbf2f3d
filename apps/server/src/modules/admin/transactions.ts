import type { AdminTxn, AdminTxnQuery } from '@pos/core';
import { sql } from 'drizzle-orm';
import { badRequest } from '../../lib/app-error';
import type { KeysetSpec } from '../../lib/keyset';

/**
 * Transactions found by SN, the acquirer's id, merchant number or the flagged ones, newest first.
 * Each filter reaches an index (terminal, transaction_keys, flag), so a search never scans the
 * whole partitioned table; a search with none of them is refused.
 */
export function txnList(q: AdminTxnQuery): KeysetSpec<AdminTxn> {
  if (!q.sn && !q.acquirerTxnId && !q.merchantNo && q.flagged !== 'true')
    throw badRequest('请输入SN、收单交易号或商户号，或只看异常交易', 'sn');
  const sn = q.sn?.toUpperCase();
  return {
    select: sql`x.id, x.acquirer_txn_id, x.kind, x.sn, m.name AS merchant_name, a.name AS agent_name,
                x.status, x.amount_fen, x.fee_fen, x.flag, x.trade_time`,
    from: sql`FROM transactions x LEFT JOIN merchants m ON m.id = x.merchant_id LEFT JOIN agents a ON a.id = x.agent_id`,
    where: [
      sn
        ? sql`(x.terminal_id = (SELECT id FROM terminals WHERE sn = ${sn}) OR (x.flag IS NOT NULL AND x.sn = ${sn}))`
        : undefined,
      q.acquirerTxnId
        ? sql`x.id = (SELECT txn_id FROM transaction_keys WHERE acquirer_txn_id = ${q.acquirerTxnId})`
        : undefined,
      q.merchantNo
        ? sql`x.terminal_id IN (SELECT t.id FROM terminals t JOIN merchants mm ON mm.id = t.merchant_id WHERE mm.merchant_no = ${q.merchantNo})`
        : undefined,
      q.flagged === 'true' ? sql`x.flag IS NOT NULL` : undefined,
    ],
    sorts: { tradeTime: { expr: sql`x.trade_time`, type: 'timestamptz' } },
    defaultSort: 'tradeTime',
    id: sql`x.id`,
    map: (r) => ({
      id: Number(r.id),
      acquirerTxnId: String(r.acquirer_txn_id),
      kind: Number(r.kind),
      sn: String(r.sn),
      merchantName: (r.merchant_name as string | null) ?? null,
      agentName: (r.agent_name as string | null) ?? null,
      status: Number(r.status),
      amountFen: Number(r.amount_fen),
      feeFen: r.fee_fen == null ? null : Number(r.fee_fen),
      flag: (r.flag as string | null) ?? null,
      tradeTime: new Date(r.trade_time as string).toISOString(),
    }),
  };
}
