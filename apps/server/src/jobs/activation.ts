import { TOTAL_TYPE, activationDeadline } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { merchants, productPolicies, terminals } from '../db/schema';
import { decode, select, selectOne } from '../db/typed';
import { awardActivationPoints } from '../modules/mall/rules';
import { postRewards } from '../modules/settlement/chain-terms';
import { runJob, type JobOutcome } from '../db/job-runs';
import { holdActivationReward, onActivation } from '../modules/reward-schemes/schemes';
import { checkActivation } from '../modules/terminals/check-activation';
import { ingestNotification } from '../modules/transactions/ingest-notification';

/**
 * Activation detection (business rules section 4): a bound terminal activates when its successful
 * card volume since binding (net of refunds) reaches its policy's threshold inside the window.
 * For each newly activated terminal, in one database transaction:
 * - the terminal becomes activated (the terminals feature's checkActivation, which does it once);
 * - the deposit (service fee) is collected: a fee collection through the same ingestion as the
 *   acquirer's notifications, which settlement then shares by fee-option shares;
 * - the activation reward is shared up the chain (a0 earns R0, ai earns Ri - R(i-1));
 * - the direct agent earns the mall's points per activation (system parameter mall_rules);
 *   checkActivation has already counted the activation in its figures of the day.
 * Candidates come from the daily volume rollup; the exact volume from the terminal's
 * transactions. Running it again finds nothing new. Once the signal is aborted it stops before
 * the next terminal (each is its own transaction) and says the run is unfinished.
 */
const t = alias(terminals, 't');
const m = alias(merchants, 'm');
const p = alias(productPolicies, 'p');

export async function detectActivations(
  db: Db,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<JobOutcome> {
  const candidates = await select(
    db,
    {
      id: t.id,
      sn: t.sn,
      boundAt: t.boundAt,
      policyId: t.policyId,
      serviceFeeFen: t.serviceFeeFen,
      merchantId: t.merchantId,
      thresholdFen: sql`coalesce(${p.activationThresholdFen}, 1000000)`.mapWith(decode.number),
      windowDays: sql`coalesce(${p.activationWindowDays}, 30)`.mapWith(decode.number),
      agentId: m.agentId,
      agentPath: m.agentPath,
      topId: m.topId,
    },
    sql`FROM terminals t
          JOIN merchants m ON m.id = t.merchant_id
          LEFT JOIN policies p ON p.id = t.policy_id
         WHERE t.bind_status = 1 AND t.deleted_at IS NULL AND t.bound_at IS NOT NULL
           AND t.bound_at > ${now}::timestamptz - make_interval(days => coalesce(p.activation_window_days, 30) + 1)
           AND (SELECT coalesce(sum(v.card_volume_fen), 0) FROM terminal_daily_volume v
                 WHERE v.terminal_id = t.id AND v.day >= (t.bound_at AT TIME ZONE 'Asia/Shanghai')::date)
               >= coalesce(p.activation_threshold_fen, 1000000)
         ORDER BY t.id LIMIT 1000`,
  );
  let processed = 0;
  let postedFen = 0;
  for (const c of candidates) {
    if (signal?.aborted) return { processed, postedFen, unfinished: true };
    const terminalId = c.id;
    // Candidates are bound (bound_at IS NOT NULL above).
    const boundAt = c.boundAt!;
    const windowDays = c.windowDays;
    const deadline = activationDeadline(boundAt, windowDays);
    // The moment judged: now, or the last instant of the window when the job runs late.
    const at = new Date(Math.min(now.getTime(), deadline.getTime() - 1));
    await db.transaction(async (tx) => {
      const vol = await selectOne(
        tx,
        {
          volume:
            sql`coalesce(sum(CASE WHEN kind = 1 THEN amount_fen ELSE -amount_fen END), 0)`.mapWith(
              decode.number,
            ),
        },
        sql`FROM transactions
             WHERE terminal_id = ${terminalId} AND trade_time >= ${boundAt} AND trade_time <= ${at}
               AND status = 1 AND card_type IN (1, 2) AND total_type NOT IN (8, 9) AND flag IS NULL`,
      );
      const volumeFen = vol?.volume ?? 0;
      const check = await checkActivation(tx, terminalId, volumeFen, at, {
        thresholdFen: c.thresholdFen,
        windowDays,
      });
      if (!check.newlyActivated) return;
      processed += 1;
      const serviceFee = c.serviceFeeFen;
      if (serviceFee > 0) {
        await ingestNotification(tx, {
          txnId: `SF-${terminalId}`,
          kind: 1,
          sn: c.sn,
          amountFen: serviceFee,
          payType: 1,
          totalType: TOTAL_TYPE.SERVICE_FEE,
          cardType: 1,
          method: 1,
          status: 1,
          tradeTime: at.toISOString(),
        });
      }
      // Under a reward scheme: frozen onto the terminal now; a false activation's rewards are held.
      const activated = {
        terminalId,
        sn: c.sn,
        policyId: c.policyId,
        agentId: c.agentId,
        agentPath: c.agentPath,
        topId: c.topId,
        boundAt,
        activatedAt: at,
      };
      const { held } = await onActivation(tx, activated);
      if (held) {
        await holdActivationReward(tx, { ...activated, volumeFen });
      } else if (c.policyId !== null) {
        const posted = await postRewards(
          tx,
          [
            {
              agentPath: c.agentPath,
              policyId: c.policyId,
              topId: c.topId,
              figure: (t) => t.activationRewardFen,
              kind: 'activation_reward',
              volumeFen,
              detail: { sn: c.sn, terminalId, activatedAt: at.toISOString() },
            },
          ],
          { idemKey: `activation:${terminalId}`, reason: 'activation_reward', memo: c.sn },
        );
        postedFen += posted.postedFen;
      }
      await awardActivationPoints(tx, {
        agentId: c.agentId,
        terminalId,
        sn: c.sn,
      });
    });
  }
  return { processed, postedFen };
}

/**
 * The continuous activation job with its execution status; with everyMs (the scheduler), once
 * per slot of that length across processes.
 */
export function runActivationJob(
  db: Db,
  now: Date = new Date(),
  opts: { signal?: AbortSignal; everyMs?: number } = {},
) {
  return runJob(db, 'activation', 'live', () => detectActivations(db, now, opts.signal), {
    repeatable: true,
    everyMs: opts.everyMs,
  });
}
