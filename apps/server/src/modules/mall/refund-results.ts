import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { selectOne } from '../../db/typed';
import { markedPayment, PAYMENT_STATUS, payTypeOf } from './payments';
import type { GatewayChannel } from '../../providers/payments/gateway';

/** A refund's final state at its gateway. */
export type RefundResult = 'SUCCESS' | 'CLOSED' | 'ABNORMAL';

/**
 * Records the final state a gateway reports for a payment's refund (migration 0041): once, for a
 * payment whose refund the ledger has already recorded. A refund that reached the payer also
 * marks the payment refunded if the accepting call's own mark has not landed yet. The same
 * report again, or one for a payment with no refund, changes nothing ('ignored').
 */
export async function recordRefundResult(
  db: Db,
  report: { paymentNo: string; channel: GatewayChannel; result: RefundResult; amountFen: number },
  now: Date = new Date(),
): Promise<'recorded' | 'ignored'> {
  const payType = payTypeOf(report.channel);
  const done = report.result === 'SUCCESS';
  const marked = await selectOne(db, { id: markedPayment.id }, sql`FROM marked`, {
    with: sql`WITH marked AS (UPDATE mall_payments
           SET refund_result = ${report.result}, refund_result_at = ${now},
               status = CASE WHEN ${done} THEN ${PAYMENT_STATUS.REFUNDED}::smallint ELSE status END,
               refunded_at = CASE WHEN ${done} THEN COALESCE(refunded_at, ${now}) ELSE refunded_at END,
               updated_at = ${now}
         WHERE payment_no = ${report.paymentNo} AND pay_type = ${payType}
           AND amount_fen = ${report.amountFen}
           AND status IN (${PAYMENT_STATUS.REFUND_PENDING}, ${PAYMENT_STATUS.REFUNDED})
           AND refund_result IS NULL
     RETURNING id)`,
  });
  return marked ? 'recorded' : 'ignored';
}
