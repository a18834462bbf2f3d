import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { mallPayments } from '../../db/schema';
import { select } from '../../db/typed';
import type { GatewayLookup } from '../../providers/payments/gateway';
import { applyGatewayNotify, channelOf, PAYMENT_STATUS, refundPendingPayments } from './payments';

/**
 * Asks the gateways about recent payments not applied yet (awaiting, or closed unpaid because
 * their order was paid another way, cancelled or timed out), whose notify may be late or lost:
 * a payment the gateway says is paid is applied exactly as its notify would be (once; a payment
 * its order no longer needs is refunded). Payments opened less than a minute ago are left to
 * their notify; those older than the window are past the gateway's own payment time limit.
 * Returns how many were applied. Once the signal is aborted it stops before the next payment.
 */
export async function queryUnappliedPayments(
  db: Db,
  gateways: GatewayLookup,
  log: Pick<FastifyBaseLogger, 'error'> | undefined,
  now: Date,
  opts: { windowMinutes: number; signal?: AbortSignal; settleMs?: number },
): Promise<number> {
  const settled = new Date(now.getTime() - (opts.settleMs ?? 60_000));
  const since = new Date(now.getTime() - opts.windowMinutes * 60_000);
  const due = await select(
    db,
    { paymentNo: mallPayments.paymentNo, payType: mallPayments.payType },
    sql`FROM mall_payments
         WHERE status IN (${PAYMENT_STATUS.AWAITING}, ${PAYMENT_STATUS.CLOSED})
           AND created_at > ${since} AND created_at <= ${settled}
         ORDER BY created_at DESC LIMIT 200`,
  );
  let applied = 0;
  let refunds = false;
  for (const p of due) {
    if (opts.signal?.aborted) break;
    const channel = channelOf(p.payType);
    const gateway = gateways(channel);
    if (!gateway?.queryPayment) continue;
    try {
      const paid = await gateway.queryPayment(p.paymentNo, channel);
      if (!paid) continue;
      const result = await applyGatewayNotify(db, paid, now);
      if (result.outcome !== 'repeat') applied += 1;
      if (result.outcome === 'refund') refunds = true;
    } catch (err) {
      log?.error({ err, paymentNo: p.paymentNo }, 'gateway payment query failed');
    }
  }
  if (refunds) await refundPendingPayments(db, gateways, log, now, opts.signal);
  return applied;
}
