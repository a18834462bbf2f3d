import {
  TOTAL_TYPE,
  TRANSACTION_STATUS,
  TXN_KIND,
  pricingOf,
  type AttachTxnRequest,
  type AttachTxnResult,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import {
  agents,
  merchants,
  settlements,
  terminals,
  transactionKeys,
  transactions,
} from '../../db/schema';
import { decode, orNull, selectOne } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { feeClaimCtes, feeOptionOkSql, lockFeePeriods } from '../../db/fee-periods';
import { audit } from '../../db/audit';

const ATTACHABLE = ['unknown_terminal', 'unbound_terminal'];

/** Where a payment goes once attached: its terminal, merchant, agent, path, top and policy. */
interface Attribution {
  terminalId: number | null;
  merchantId: number | null;
  agentId: number | null;
  agentPath: string | null;
  topId: number | null;
  policyId: number | null;
  merchantRatePpm: number | null;
  origId?: number;
  boundAt?: Date | null;
  activatedAt?: Date | null;
  sn?: string;
}

const t = alias(terminals, 't');
const m = alias(merchants, 'm');
const a = alias(agents, 'a');
const o = alias(transactions, 'o');
const k = alias(transactionKeys, 'k');
const st = alias(settlements, 's');

/** Where a payment's terminal is now: its merchant, the merchant's agent, path, top and policy. */
async function fromTerminal(
  tx: DbOrTx,
  sn: string,
  totalType: number,
  notifiedRate: number | null,
): Promise<Attribution> {
  const found = await selectOne(
    tx,
    {
      terminalId: t.id,
      sn: t.sn,
      merchantId: t.merchantId,
      policyId: t.policyId,
      boundAt: t.boundAt,
      activatedAt: t.activatedAt,
      agentId: orNull(m.agentId),
      agentPath: orNull(m.agentPath),
      topId: orNull(m.topId),
      merchantRatePpm: sql`coalesce(${notifiedRate}::integer,
          (SELECT mr.rate_ppm FROM merchant_rates mr
            WHERE mr.merchant_id = ${t.merchantId}
              AND mr.rate_type = ${pricingOf(totalType)?.rateType ?? null}::smallint))`.mapWith(
        decode.numberOrNull,
      ),
    },
    sql`FROM terminals t LEFT JOIN merchants m ON ${m.id} = ${t.merchantId}
         WHERE ${t.sn} = ${sn} AND ${t.deletedAt} IS NULL`,
  );
  if (!found) throw badRequest(`SN ${sn} 不存在，请先导入该终端`, 'sn');
  if (found.merchantId === null) throw badRequest(`SN ${sn} 尚未绑定商户，请先绑定后再挂接`, 'sn');
  return found;
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
    const txn = await selectOne(
      tx,
      {
        id: transactions.id,
        // As text, so the partition key is matched to the microsecond below.
        tradeTime: sql`${transactions.tradeTime}::text`.mapWith(decode.text),
        kind: transactions.kind,
        sn: transactions.sn,
        status: transactions.status,
        flag: transactions.flag,
        totalType: transactions.totalType,
        origAcquirerTxnId: transactions.origAcquirerTxnId,
        acquirerTxnId: transactions.acquirerTxnId,
        merchantRatePpm: transactions.merchantRatePpm,
        amountFen: transactions.amountFen,
      },
      sql`FROM transactions WHERE ${transactions.id} = ${input.id} FOR UPDATE`,
    );
    if (!txn) throw notFound('交易不存在');
    const flag = txn.flag;
    if (!flag) throw badRequest('该交易没有异常，无需挂接', 'id');
    if (!ATTACHABLE.includes(flag)) throw badRequest(`异常 ${flag} 不能通过挂接终端处理`, 'id');
    const { kind, totalType } = txn;
    const success = txn.status === TRANSACTION_STATUS.SUCCESS;
    let src: Attribution;
    if (kind === TXN_KIND.PAYMENT) {
      const sn = (input.sn ?? txn.sn).trim().toUpperCase();
      src = await fromTerminal(tx, sn, totalType, txn.merchantRatePpm);
    } else {
      const orig = await selectOne(
        tx,
        {
          origId: o.id,
          terminalId: o.terminalId,
          merchantId: o.merchantId,
          agentId: o.agentId,
          agentPath: o.agentPath,
          topId: o.topId,
          policyId: o.policyId,
          merchantRatePpm: o.merchantRatePpm,
          flag: o.flag,
          settled: sql`EXISTS (SELECT 1 FROM settlements s WHERE ${st.txnId} = ${o.id})`.mapWith(
            decode.bool,
          ),
        },
        sql`FROM transaction_keys k
            JOIN transactions o ON ${o.id} = ${k.txnId} AND ${o.tradeTime} = ${k.tradeTime}
           WHERE ${k.acquirerTxnId} = ${txn.origAcquirerTxnId}`,
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
      const claim = await selectOne(
        tx,
        {
          // NULL when the policy is gone: no option is then a valid one.
          optionOk: sql`(SELECT option_ok FROM src)`.mapWith((v): boolean | null => decode.bool(v)),
          counts: sql`EXISTS (SELECT 1 FROM fee WHERE fee.txn_id = ${txn.id}::bigint)`.mapWith(
            decode.bool,
          ),
        },
        sql``,
        {
          with: sql`WITH src AS (
              SELECT ${txn.id}::bigint AS txn_id, ${txn.acquirerTxnId}::text AS acq,
                     ${txn.tradeTime}::timestamptz AS trade_time, ${txn.amountFen}::bigint AS amount,
                     ${feeKind}::text AS fee_kind, true AS fee_ok,
                     ${feeOptionOkSql(sql`true`, sql`${feeKind}::text`, sql`${txn.amountFen}::bigint`)} AS option_ok,
                     ${src.terminalId}::bigint AS terminal_id, ${src.merchantId}::bigint AS merchant_id,
                     ${src.agentId}::bigint AS agent_id, ${src.topId}::bigint AS top_id,
                     ${src.activatedAt ?? null}::timestamptz AS activated_at,
                     ${src.boundAt ?? null}::timestamptz AS bound_at
                FROM (SELECT 1) one LEFT JOIN policies fp ON fp.id = ${src.policyId}::bigint
            ), ${feeClaimCtes()}`,
        },
      );
      if (!claim?.optionOk)
        throw badRequest('该笔费用金额不是该终端政策的可选金额，不能挂接', 'id');
      if (!claim.counts)
        throw badRequest('该终端本期费用已收取，这条通知是重复收费，不能挂接', 'id');
    }
    const after = await selectOne(
      tx,
      { merchantName: orNull(m.name), agentName: orNull(a.name) },
      sql`FROM u LEFT JOIN merchants m ON ${m.id} = u.merchant_id LEFT JOIN agents a ON ${a.id} = u.agent_id`,
      {
        with: sql`WITH u AS (
            UPDATE transactions SET terminal_id = ${src.terminalId}::bigint, merchant_id = ${src.merchantId}::bigint,
                   agent_id = ${src.agentId}::bigint, agent_path = ${src.agentPath}::text,
                   top_id = ${src.topId}::bigint, policy_id = ${src.policyId}::bigint,
                   merchant_rate_ppm = ${src.merchantRatePpm}::integer,
                   orig_txn_id = coalesce(orig_txn_id, ${src.origId ?? null}::bigint), flag = NULL
             WHERE id = ${txn.id}::bigint AND trade_time = ${txn.tradeTime}::timestamptz
            RETURNING merchant_id, agent_id)`,
      },
    );
    if (success) {
      await tx.execute(
        sql`INSERT INTO settlement_queue (txn_id, trade_time)
            VALUES (${txn.id}::bigint, ${txn.tradeTime}::timestamptz)
            ON CONFLICT DO NOTHING`,
      );
    }
    const result: AttachTxnResult = {
      id: txn.id,
      merchantName: after?.merchantName ?? null,
      agentName: after?.agentName ?? null,
      queued: success,
    };
    await audit(tx, op, {
      action: 'transaction.attach',
      targetType: 'transaction',
      targetId: result.id,
      before: { flag, sn: txn.sn },
      after: { terminalId: Number(src.terminalId), ...result },
    });
    return result;
  });
}
