import {
  TOTAL_TYPE,
  TRANSACTION_STATUS,
  TXN_KIND,
  pricingOf,
  type AttachTxnRequest,
  type AttachTxnResult,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db, type DbOrTx } from '../../db/client';
import { badRequest, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { feeClaimCtes, feeOptionOkSql, lockFeePeriods } from '../transactions/fee-periods';
import { audit } from './audit';

const ATTACHABLE = ['unknown_terminal', 'unbound_terminal'];

interface Attribution {
  terminal_id: unknown;
  merchant_id: unknown;
  agent_id: unknown;
  agent_path: unknown;
  top_id: unknown;
  policy_id: unknown;
  merchant_rate_ppm: unknown;
  orig_id?: unknown;
  bound_at?: unknown;
  activated_at?: unknown;
  sn?: unknown;
}

/** Where a payment's terminal is now: its merchant, the merchant's agent, path, top and policy. */
async function fromTerminal(tx: DbOrTx, sn: string, totalType: number, notifiedRate: unknown) {
  const [t] = await rows<Attribution & { merchant_name: unknown }>(
    tx,
    sql`SELECT t.id AS terminal_id, t.sn, t.merchant_id, t.policy_id, t.bound_at, t.activated_at,
               m.agent_id, m.agent_path, m.top_id, m.name AS merchant_name,
               coalesce(${notifiedRate}::integer,
                        (SELECT mr.rate_ppm FROM merchant_rates mr
                          WHERE mr.merchant_id = t.merchant_id
                            AND mr.rate_type = ${pricingOf(totalType)?.rateType ?? null}::smallint))
                 AS merchant_rate_ppm
          FROM terminals t LEFT JOIN merchants m ON m.id = t.merchant_id
         WHERE t.sn = ${sn} AND t.deleted_at IS NULL`,
  );
  if (!t) throw badRequest(`SN ${sn} 不存在，请先导入该终端`, 'sn');
  if (t.merchant_id === null) throw badRequest(`SN ${sn} 尚未绑定商户，请先绑定后再挂接`, 'sn');
  return t;
}

/**
 * Attaches a flagged notification (its terminal was unknown, or bound to no merchant, when it
 * arrived) to the terminal as it is now, then queues it for settlement like any other successful
 * transaction. A payment is attributed to the terminal's merchant, agent and policy; a refund or
 * reversal follows its original, which must have been settled first; a fee collection takes its
 * period by ingestion's rule and lock (fee-periods.ts): one that ranks after the fee counting in
 * its period, or whose amount is none of the policy's options, is refused; one that ranks before
 * it takes the period over. Everything, with its audit record, commits together.
 */
export async function attachTransaction(
  db: Db,
  op: OperatorCaller,
  input: AttachTxnRequest,
): Promise<AttachTxnResult> {
  return db.transaction(async (tx) => {
    const [txn] = await rows<Record<string, unknown>>(
      tx,
      sql`SELECT id, trade_time::text AS trade_time, kind, sn, status, flag, total_type, orig_acquirer_txn_id, acquirer_txn_id,
                 merchant_rate_ppm, amount_fen
            FROM transactions WHERE id = ${input.id} FOR UPDATE`,
    );
    if (!txn) throw notFound('交易不存在');
    const flag = txn.flag as string | null;
    if (!flag) throw badRequest('该交易没有异常，无需挂接', 'id');
    if (!ATTACHABLE.includes(flag)) throw badRequest(`异常 ${flag} 不能通过挂接终端处理`, 'id');
    const kind = Number(txn.kind);
    const totalType = Number(txn.total_type);
    const success = Number(txn.status) === TRANSACTION_STATUS.SUCCESS;
    let src: Attribution;
    if (kind === TXN_KIND.PAYMENT) {
      const sn = (input.sn ?? String(txn.sn)).trim().toUpperCase();
      src = await fromTerminal(tx, sn, totalType, txn.merchant_rate_ppm);
    } else {
      const [orig] = await rows<Attribution & { flag: unknown; settled: unknown }>(
        tx,
        sql`SELECT o.id AS orig_id, o.terminal_id, o.merchant_id, o.agent_id, o.agent_path, o.top_id,
                   o.policy_id, o.merchant_rate_ppm, o.flag,
                   EXISTS (SELECT 1 FROM settlements s WHERE s.txn_id = o.id) AS settled
              FROM transaction_keys k
              JOIN transactions o ON o.id = k.txn_id AND o.trade_time = k.trade_time
             WHERE k.acquirer_txn_id = ${txn.orig_acquirer_txn_id as string | null}`,
      );
      if (!orig) throw badRequest('原交易尚未到达，退款无法挂接', 'id');
      if (orig.flag !== null || !orig.settled)
        throw badRequest('原交易尚未挂接或尚未结算，请先处理原交易', 'id');
      src = orig;
    }
    const isFee =
      kind === TXN_KIND.PAYMENT &&
      (totalType === TOTAL_TYPE.SERVICE_FEE || totalType === TOTAL_TYPE.COMMUNICATION_FEE);
    if (isFee && success) {
      const feeKind = totalType === TOTAL_TYPE.SERVICE_FEE ? 'service_fee' : 'comm_fee';
      // As ingestion would have taken the period had the terminal been known: under the same
      // lock and by the same rule, so an earlier fee takes the period over from the one that
      // counted (flagged fee_superseded, recorded for settlement to reverse).
      await lockFeePeriods(tx, [{ sn: String(src.sn), feeKind }]);
      const [claim] = await rows<{ option_ok: unknown; counts: unknown }>(
        tx,
        sql`WITH src AS (
              SELECT ${txn.id}::bigint AS txn_id, ${txn.acquirer_txn_id as string}::text AS acq,
                     ${txn.trade_time}::timestamptz AS trade_time, ${txn.amount_fen}::bigint AS amount,
                     ${feeKind}::text AS fee_kind, true AS fee_ok,
                     ${feeOptionOkSql(sql`true`, sql`${feeKind}::text`, sql`${txn.amount_fen}::bigint`)} AS option_ok,
                     ${src.terminal_id}::bigint AS terminal_id, ${src.merchant_id}::bigint AS merchant_id,
                     ${src.agent_id}::bigint AS agent_id, ${src.top_id}::bigint AS top_id,
                     ${src.activated_at ?? null}::timestamptz AS activated_at,
                     ${src.bound_at ?? null}::timestamptz AS bound_at
                FROM (SELECT 1) one LEFT JOIN policies fp ON fp.id = ${src.policy_id}::bigint
            ), ${feeClaimCtes()}
            SELECT (SELECT option_ok FROM src) AS option_ok,
                   EXISTS (SELECT 1 FROM fee WHERE fee.txn_id = ${txn.id}::bigint) AS counts`,
      );
      if (!claim?.option_ok)
        throw badRequest('该笔费用金额不是该终端政策的可选金额，不能挂接', 'id');
      if (!claim.counts)
        throw badRequest('该终端本期费用已收取，这条通知是重复收费，不能挂接', 'id');
    }
    const [after] = await rows<{ merchant_name: unknown; agent_name: unknown }>(
      tx,
      sql`WITH u AS (
            UPDATE transactions SET terminal_id = ${src.terminal_id}::bigint, merchant_id = ${src.merchant_id}::bigint,
                   agent_id = ${src.agent_id}::bigint, agent_path = ${src.agent_path}::text,
                   top_id = ${src.top_id}::bigint, policy_id = ${src.policy_id}::bigint,
                   merchant_rate_ppm = ${src.merchant_rate_ppm}::integer,
                   orig_txn_id = coalesce(orig_txn_id, ${src.orig_id ?? null}::bigint), flag = NULL
             WHERE id = ${txn.id}::bigint AND trade_time = ${txn.trade_time}::timestamptz
            RETURNING merchant_id, agent_id)
          SELECT m.name AS merchant_name, a.name AS agent_name
            FROM u LEFT JOIN merchants m ON m.id = u.merchant_id LEFT JOIN agents a ON a.id = u.agent_id`,
    );
    if (success) {
      await tx.execute(
        sql`INSERT INTO settlement_queue (txn_id, trade_time)
            VALUES (${txn.id}::bigint, ${txn.trade_time}::timestamptz)
            ON CONFLICT DO NOTHING`,
      );
    }
    const result: AttachTxnResult = {
      id: Number(txn.id),
      merchantName: (after?.merchant_name as string | null) ?? null,
      agentName: (after?.agent_name as string | null) ?? null,
      queued: success,
    };
    await audit(tx, op, {
      action: 'transaction.attach',
      targetType: 'transaction',
      targetId: result.id,
      before: { flag, sn: String(txn.sn) },
      after: { terminalId: Number(src.terminal_id), ...result },
    });
    return result;
  });
}
