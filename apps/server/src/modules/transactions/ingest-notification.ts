import {
  TOTAL_TYPE,
  TRANSACTION_STATUS,
  TXN_KIND,
  pricingOf,
  toEpochMs,
  type NotifyResult,
  type TransactionNotificationParsed,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { preparedRows, type DbOrTx } from '../../db/client';
import { transactionKeys, transactions } from '../../db/schema';
import { orNull, select } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { feeClaimCtes, feeOptionOkSql, lockFeePeriods } from '../../db/fee-periods';

const num = (v: unknown) => Number(v);

/** A transaction seen before, joined to its key. */
const seenTxn = alias(transactions, 't');
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

/** One notification, checked and reduced to the values the statement stores. */
interface Row {
  acq: string;
  kind: number;
  origAcq: string | null;
  sn: string;
  rate: number | null;
  rateType: number | null;
  feeKind: string;
  feeOk: boolean;
  amount: number;
  feeFen: number | null;
  payType: number;
  totalType: number;
  cardType: number;
  method: number;
  status: number;
  cardNo: string | null;
  tradeTime: Date;
  success: boolean;
}

function toRow(n: TransactionNotificationParsed): Row {
  const pricing = pricingOf(n.totalType);
  const success = n.status === TRANSACTION_STATUS.SUCCESS;
  const isFee =
    n.kind === TXN_KIND.PAYMENT &&
    (n.totalType === TOTAL_TYPE.SERVICE_FEE || n.totalType === TOTAL_TYPE.COMMUNICATION_FEE);
  return {
    acq: n.txnId,
    kind: n.kind,
    origAcq: n.kind === TXN_KIND.PAYMENT ? null : (n.origTxnId ?? null),
    sn: n.sn,
    rate: n.rate ?? null,
    rateType: pricing?.rateType ?? null,
    feeKind: n.totalType === TOTAL_TYPE.SERVICE_FEE ? 'service_fee' : 'comm_fee',
    feeOk: isFee && success,
    amount: n.amountFen,
    feeFen: n.feeFen ?? null,
    payType: n.payType,
    totalType: n.totalType,
    cardType: n.cardType,
    method: n.method,
    status: n.status,
    cardNo: maskCardNo(n.cardNo),
    tradeTime: parseTradeTime(n.tradeTime),
    success,
  };
}

/** One column of the list as a single array parameter (unnested by the statement). */
const column = <K extends keyof Row>(list: Row[], key: K) => sql.param(list.map((r) => r[key]));

/**
 * Stores acquirer notifications, idempotently by the acquirer's transaction id, in a single
 * statement for the whole list:
 * - a transaction id seen before changes nothing (the answer names the stored transaction);
 * - a payment is attributed to where its terminal is now (merchant, direct agent, path, top,
 *   policy), frozen on the row; a refund or reversal to where its original was;
 * - a notification for an unknown terminal, or one bound to no merchant, is stored and flagged,
 *   not dropped, and not settled;
 * - a service-fee or communication-fee collection counts once per terminal and period (the
 *   deposit once, the SIM fee once a year: period 0 in the first year, n from the n-th
 *   anniversary). Which one counts is a rule on the facts, not on arrival: an acquirer's
 *   collection before the jobs' own (SF-/CF-), then the earliest trade time, then the acquirer's
 *   id. One that ranks after the counting one is flagged duplicate_fee; one that ranks before it
 *   takes the period over, and the one it displaces is flagged fee_superseded and recorded in
 *   fee_supersessions (settlement reverses what it paid). An amount that is none of the policy's
 *   options is flagged fee_not_option;
 * - a successful, unflagged transaction joins the settlement queue in the same statement.
 * The list must not hold one transaction id twice, nor a refund whose original is in the same
 * list (the statement sees only what was stored before it): NotificationBatcher sees to that.
 * Answers in the order of the list.
 */
export async function ingestNotifications(
  db: DbOrTx,
  list: TransactionNotificationParsed[],
): Promise<NotifyResult[]> {
  const input = list.map(toRow);
  // Fee collections take their periods under a lock per terminal and kind, taken before the
  // statement reads them (lockFeePeriods); a list without fees is one statement, no transaction.
  const fees = input.filter((r) => r.feeOk).map((r) => ({ sn: r.sn, feeKind: r.feeKind }));
  const stored =
    fees.length === 0
      ? await store(db, input)
      : await db.transaction(async (tx) => {
          await lockFeePeriods(tx, fees);
          return store(tx, input);
        });
  const fresh = new Map(stored.map((r) => [r.acquirer_txn_id, r]));
  const seenIds = input.filter((r) => !fresh.has(r.acq)).map((r) => r.acq);
  const seen = new Map<string, { txnId: number; flag: string | null }>();
  if (seenIds.length > 0) {
    const k = transactionKeys;
    const found = await select(
      db,
      { acquirerTxnId: k.acquirerTxnId, txnId: k.txnId, flag: orNull(seenTxn.flag) },
      sql`FROM ${k} LEFT JOIN transactions t ON ${seenTxn.id} = ${k.txnId} AND ${seenTxn.tradeTime} = ${k.tradeTime}
           WHERE ${k.acquirerTxnId} = ANY(${sql.param(seenIds)}::text[])`,
    );
    for (const r of found) seen.set(r.acquirerTxnId, r);
  }
  return input.map((r) => {
    const out = fresh.get(r.acq);
    if (out) return { id: num(out.id), duplicate: false, flag: out.flag ?? null };
    const before = seen.get(r.acq);
    return {
      id: before ? before.txnId : null,
      duplicate: true,
      flag: before?.flag ?? null,
    };
  });
}

/** The single statement of ingestNotifications. */
function store(db: DbOrTx, input: Row[]) {
  return preparedRows<{ acquirer_txn_id: string; id: unknown; flag: string | null }>(
    db,
    'ingest-notifications-v4',
    sql`
    WITH input AS (
      SELECT * FROM unnest(
        ${column(input, 'acq')}::text[], ${column(input, 'kind')}::smallint[],
        ${column(input, 'origAcq')}::text[], ${column(input, 'sn')}::text[],
        ${column(input, 'rate')}::integer[], ${column(input, 'rateType')}::smallint[],
        ${column(input, 'feeKind')}::text[], ${column(input, 'feeOk')}::boolean[],
        ${column(input, 'amount')}::bigint[], ${column(input, 'feeFen')}::bigint[],
        ${column(input, 'payType')}::smallint[], ${column(input, 'totalType')}::smallint[],
        ${column(input, 'cardType')}::smallint[], ${column(input, 'method')}::smallint[],
        ${column(input, 'status')}::smallint[], ${column(input, 'cardNo')}::text[],
        ${sql.param(input.map((r) => r.tradeTime.toISOString()))}::timestamptz[],
        ${column(input, 'success')}::boolean[]
      ) WITH ORDINALITY AS i(acq, kind, orig_acq, sn, rate, rate_type, fee_kind, fee_ok, amount,
                              fee_fen, pay_type, total_type, card_type, method, status, card_no,
                              trade_time, success, ord)
    ), k AS (
      INSERT INTO transaction_keys (acquirer_txn_id, txn_id, trade_time)
      SELECT acq, nextval('transactions_id_seq'), trade_time FROM input ORDER BY ord
      ON CONFLICT (acquirer_txn_id) DO NOTHING
      RETURNING acquirer_txn_id, txn_id, trade_time
    ), src AS (
      SELECT i.*, k.txn_id,
             coalesce(o.terminal_id, t.id) AS terminal_id,
             coalesce(o.merchant_id, t.merchant_id) AS merchant_id,
             coalesce(o.agent_id, t.agent_id) AS agent_id,
             coalesce(o.agent_path, t.agent_path) AS agent_path,
             coalesce(o.top_id, t.top_id) AS top_id,
             coalesce(o.policy_id, t.policy_id) AS policy_id,
             o.id AS orig_id,
             coalesce(i.rate, o.merchant_rate_ppm,
                      (SELECT mr.rate_ppm FROM merchant_rates mr
                        WHERE mr.merchant_id = coalesce(o.merchant_id, t.merchant_id)
                          AND mr.rate_type = i.rate_type)) AS merchant_rate_ppm,
             t.bound_at, t.activated_at,
             -- A fee amount that is none of the policy's options is flagged, not paid.
             ${feeOptionOkSql(sql`i.fee_ok`, sql`i.fee_kind`, sql`i.amount`)} AS option_ok
        FROM k JOIN input i ON i.acq = k.acquirer_txn_id
        LEFT JOIN LATERAL (
          SELECT t.id, t.merchant_id, t.policy_id, t.bound_at, t.activated_at, m.agent_id, m.agent_path, m.top_id
            FROM terminals t LEFT JOIN merchants m ON m.id = t.merchant_id
           WHERE t.sn = i.sn AND t.deleted_at IS NULL
        ) t ON true
        LEFT JOIN LATERAL (
          SELECT o.id, o.terminal_id, o.merchant_id, o.agent_id, o.agent_path, o.top_id, o.policy_id, o.merchant_rate_ppm
            FROM transaction_keys ok
            JOIN transactions o ON o.id = ok.txn_id AND o.trade_time = ok.trade_time
           WHERE ok.acquirer_txn_id = i.orig_acq
        ) o ON true
        LEFT JOIN policies fp ON i.fee_ok AND fp.id = coalesce(o.policy_id, t.policy_id)
    ), ${feeClaimCtes()}, ins AS (
      INSERT INTO transactions (id, acquirer_txn_id, kind, orig_acquirer_txn_id, orig_txn_id, sn, terminal_id, merchant_id,
                                agent_id, agent_path, top_id, policy_id, pay_type, total_type, card_type, method, status,
                                amount_fen, fee_fen, merchant_rate_ppm, card_no_masked, trade_time, flag)
      SELECT s.txn_id, s.acq, s.kind, s.orig_acq, s.orig_id, s.sn, s.terminal_id,
             s.merchant_id, s.agent_id, s.agent_path, s.top_id, s.policy_id, s.pay_type,
             s.total_type, s.card_type, s.method, s.status,
             s.amount, s.fee_fen, s.merchant_rate_ppm, s.card_no, s.trade_time,
             CASE WHEN s.terminal_id IS NULL THEN 'unknown_terminal'
                  WHEN s.merchant_id IS NULL THEN 'unbound_terminal'
                  WHEN s.fee_ok AND NOT s.option_ok THEN 'fee_not_option'
                  WHEN s.fee_ok AND NOT EXISTS (SELECT 1 FROM fee f WHERE f.txn_id = s.txn_id) THEN 'duplicate_fee' END
        FROM src s
      RETURNING id, acquirer_txn_id, trade_time, flag
    ), q AS (
      INSERT INTO settlement_queue (txn_id, trade_time)
      SELECT ins.id, ins.trade_time FROM ins JOIN input i ON i.acq = ins.acquirer_txn_id
       WHERE ins.flag IS NULL AND i.success
      RETURNING txn_id
    )
    SELECT acquirer_txn_id, id, flag FROM ins`,
  );
}

/** Stores one acquirer notification (see ingestNotifications). */
export async function ingestNotification(
  db: DbOrTx,
  n: TransactionNotificationParsed,
): Promise<NotifyResult> {
  const [result] = await ingestNotifications(db, [n]);
  return result!;
}
