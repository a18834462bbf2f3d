import {
  TOTAL_TYPE,
  TRANSACTION_STATUS,
  TXN_KIND,
  pricingOf,
  toEpochMs,
  type NotifyResult,
  type TransactionNotificationParsed,
} from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { rows, type DbOrTx } from '../../db/client';
import { badRequest } from '../../lib/app-error';

const num = (v: unknown) => Number(v);

interface PreparedClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

/**
 * Runs a statement whose text never changes as a named prepared statement when the database is
 * PostgreSQL through the pool (each connection plans it once), and as an ordinary query
 * otherwise (inside a transaction, or on the embedded PGlite).
 */
async function runPrepared<T>(db: DbOrTx, name: string, query: SQL): Promise<T[]> {
  const client = (db as { $client?: unknown }).$client;
  const dialect = (db as { dialect?: { sqlToQuery(q: SQL): { sql: string; params: unknown[] } } })
    .dialect;
  if (client instanceof pg.Pool && dialect) {
    const { sql: text, params } = dialect.sqlToQuery(query);
    const result = await (client as unknown as PreparedClient).query({
      name,
      text,
      values: params,
    });
    return result.rows as T[];
  }
  return rows<T>(db, query);
}

/** '6228480012345678' -> '622848******5678'; shorter numbers keep only their last 4. */
export function maskCardNo(cardNo: string | undefined): string | null {
  if (!cardNo) return null;
  const digits = cardNo.replace(/\s/g, '');
  if (/\*/.test(digits)) return digits;
  if (digits.length >= 12)
    return `${digits.slice(0, 6)}${'*'.repeat(digits.length - 10)}${digits.slice(-4)}`;
  return digits.length > 4 ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : digits;
}

export function parseTradeTime(value: string | number): Date {
  const ms = toEpochMs(value);
  if (ms === null) throw badRequest('交易时间格式错误', 'tradeTime');
  return new Date(ms);
}

/**
 * Stores one acquirer notification, idempotently by the acquirer's transaction id, in a single
 * statement:
 * - a transaction id seen before changes nothing (the answer names the stored transaction);
 * - a payment is attributed to where its terminal is now (merchant, direct agent, path, top,
 *   policy), frozen on the row; a refund or reversal to where its original was;
 * - a notification for an unknown terminal, or one bound to no merchant, is stored and flagged,
 *   not dropped, and not settled;
 * - a service-fee or communication-fee collection is recorded once per terminal and period (the
 *   deposit once, the SIM fee once a year); a second one is flagged duplicate_fee;
 * - a successful, unflagged transaction joins the settlement queue in the same statement.
 */
export async function ingestNotification(
  db: DbOrTx,
  n: TransactionNotificationParsed,
): Promise<NotifyResult> {
  const tradeTime = parseTradeTime(n.tradeTime);
  const pricing = pricingOf(n.totalType);
  const isFee =
    n.kind === TXN_KIND.PAYMENT &&
    (n.totalType === TOTAL_TYPE.SERVICE_FEE || n.totalType === TOTAL_TYPE.COMMUNICATION_FEE);
  const feeKind = n.totalType === TOTAL_TYPE.SERVICE_FEE ? 'service_fee' : 'comm_fee';
  const success = n.status === TRANSACTION_STATUS.SUCCESS;
  const origId = n.kind === TXN_KIND.PAYMENT ? null : (n.origTxnId ?? null);

  const [out] = await runPrepared<{ id: unknown; flag: string | null }>(
    db,
    'ingest-notification-v1',
    sql`
    WITH k AS (
      INSERT INTO transaction_keys (acquirer_txn_id, txn_id, trade_time)
      VALUES (${n.txnId}, nextval('transactions_id_seq'), ${tradeTime}::timestamptz)
      ON CONFLICT (acquirer_txn_id) DO NOTHING
      RETURNING txn_id, trade_time
    ), orig AS (
      SELECT o.id, o.terminal_id, o.merchant_id, o.agent_id, o.agent_path, o.top_id, o.policy_id, o.merchant_rate_ppm
        FROM transaction_keys ok
        JOIN transactions o ON o.id = ok.txn_id AND o.trade_time = ok.trade_time
       WHERE ok.acquirer_txn_id = ${origId}::text
    ), term AS (
      SELECT t.id, t.merchant_id, t.policy_id, t.bound_at, t.activated_at, m.agent_id, m.agent_path, m.top_id
        FROM terminals t LEFT JOIN merchants m ON m.id = t.merchant_id
       WHERE t.sn = ${n.sn}::text AND t.deleted_at IS NULL
    ), src AS (
      SELECT coalesce(o.terminal_id, t.id) AS terminal_id,
             coalesce(o.merchant_id, t.merchant_id) AS merchant_id,
             coalesce(o.agent_id, t.agent_id) AS agent_id,
             coalesce(o.agent_path, t.agent_path) AS agent_path,
             coalesce(o.top_id, t.top_id) AS top_id,
             coalesce(o.policy_id, t.policy_id) AS policy_id,
             o.id AS orig_id,
             coalesce(${n.rate ?? null}::integer, o.merchant_rate_ppm,
                      (SELECT mr.rate_ppm FROM merchant_rates mr
                        WHERE mr.merchant_id = coalesce(o.merchant_id, t.merchant_id)
                          AND mr.rate_type = ${pricing?.rateType ?? null}::smallint)) AS merchant_rate_ppm,
             t.bound_at, t.activated_at
        FROM (SELECT 1) one LEFT JOIN term t ON true LEFT JOIN orig o ON true
    ), fee AS (
      INSERT INTO fee_collections (terminal_id, kind, period_index, amount_fen, merchant_id, agent_id, top_id, txn_id, collected_at)
      SELECT s.terminal_id, ${feeKind}::text,
             CASE WHEN ${feeKind}::text = 'service_fee' THEN 0
                  ELSE GREATEST(1, floor(extract(epoch FROM (k.trade_time - coalesce(s.activated_at, s.bound_at, k.trade_time)))
                                        / (365.25 * 86400))::integer) END,
             ${n.amountFen}::bigint, s.merchant_id, s.agent_id, s.top_id, k.txn_id, k.trade_time
        FROM k, src s
       WHERE ${isFee && success}::boolean AND s.merchant_id IS NOT NULL
      ON CONFLICT DO NOTHING
      RETURNING terminal_id
    ), ins AS (
      INSERT INTO transactions (id, acquirer_txn_id, kind, orig_acquirer_txn_id, orig_txn_id, sn, terminal_id, merchant_id,
                                agent_id, agent_path, top_id, policy_id, pay_type, total_type, card_type, method, status,
                                amount_fen, fee_fen, merchant_rate_ppm, card_no_masked, trade_time, flag)
      SELECT k.txn_id, ${n.txnId}::text, ${n.kind}::smallint, ${origId}::text, s.orig_id, ${n.sn}::text, s.terminal_id,
             s.merchant_id, s.agent_id, s.agent_path, s.top_id, s.policy_id, ${n.payType}::smallint,
             ${n.totalType}::smallint, ${n.cardType}::smallint, ${n.method}::smallint, ${n.status}::smallint,
             ${n.amountFen}::bigint, ${n.feeFen ?? null}::bigint, s.merchant_rate_ppm, ${maskCardNo(n.cardNo)}::text,
             k.trade_time,
             CASE WHEN s.terminal_id IS NULL THEN 'unknown_terminal'
                  WHEN s.merchant_id IS NULL THEN 'unbound_terminal'
                  WHEN ${isFee && success}::boolean AND NOT EXISTS (SELECT 1 FROM fee) THEN 'duplicate_fee' END
        FROM k, src s
      RETURNING id, trade_time, flag
    ), q AS (
      INSERT INTO settlement_queue (txn_id, trade_time)
      SELECT id, trade_time FROM ins WHERE flag IS NULL AND ${success}::boolean
      RETURNING txn_id
    )
    SELECT (SELECT id FROM ins) AS id, (SELECT flag FROM ins) AS flag, (SELECT count(*) FROM q) AS queued`,
  );
  if (out && out.id !== null && out.id !== undefined) {
    return { id: num(out.id), duplicate: false, flag: out.flag ?? null };
  }
  const [seen] = await rows<{ txn_id: unknown; flag: string | null }>(
    db,
    sql`SELECT k.txn_id, t.flag FROM transaction_keys k
          LEFT JOIN transactions t ON t.id = k.txn_id AND t.trade_time = k.trade_time
         WHERE k.acquirer_txn_id = ${n.txnId}`,
  );
  return { id: seen ? num(seen.txn_id) : null, duplicate: true, flag: seen?.flag ?? null };
}
