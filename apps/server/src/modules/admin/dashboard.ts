import { EARNING_INFO_TYPES, type Dashboard } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';

const n = (v: unknown) => (v == null ? 0 : Number(v));

/**
 * The platform's figures for today and this month (China time) and what needs an operator.
 * Volume and transactions read the month's transaction partition; shares paid and adjustments
 * read the daily earnings rollup; each count has an index or is over a small table. Each figure's
 * definition is core's DASHBOARD_FIGURES, shown beside it in the console.
 */
export async function getDashboard(db: Db): Promise<Dashboard> {
  const dayStart = sql`(date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`;
  const monthStart = sql`(date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`;
  const figures = async (from: ReturnType<typeof sql>) => {
    const [r] = await rows<Record<string, unknown>>(
      db,
      sql`SELECT
            (SELECT coalesce(sum(amount_fen), 0) FROM transactions WHERE kind = 1 AND status = 1 AND trade_time >= ${from}) AS volume,
            (SELECT count(*) FROM transactions WHERE kind = 1 AND status = 1 AND trade_time >= ${from}) AS txns,
            (SELECT coalesce(sum(amount_fen), 0) FROM agent_daily_earnings
              WHERE day >= (${from} AT TIME ZONE 'Asia/Shanghai')::date
                AND info_type = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[])) AS shares,
            (SELECT coalesce(sum(amount_fen), 0) FROM agent_daily_earnings
              WHERE day >= (${from} AT TIME ZONE 'Asia/Shanghai')::date
                AND info_type = 'manual_adjustment') AS adjustments,
            (SELECT count(*) FROM merchants WHERE created_at >= ${from}) AS merchants,
            (SELECT count(*) FROM terminals WHERE activated_at >= ${from}) AS activations`,
    );
    return {
      volumeFen: n(r!.volume),
      transactions: n(r!.txns),
      sharesPaidFen: n(r!.shares),
      adjustmentsFen: n(r!.adjustments),
      newMerchants: n(r!.merchants),
      activations: n(r!.activations),
    };
  };
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT count(*) FILTER (WHERE deleted_at IS NULL AND bind_status = 0) AS unbound,
               count(*) FILTER (WHERE deleted_at IS NULL AND bind_status = 1) AS bound,
               count(*) FILTER (WHERE deleted_at IS NULL AND bind_status = 3) AS activated,
               count(*) FILTER (WHERE deleted_at IS NOT NULL) AS deleted
          FROM terminals`,
  );
  const trend = await rows<Record<string, unknown>>(
    db,
    sql`SELECT to_char(d, 'YYYY-MM-DD') AS day, coalesce(sum(x.amount_fen), 0) AS volume, count(x.id) AS txns
          FROM generate_series((now() AT TIME ZONE 'Asia/Shanghai')::date - 29, (now() AT TIME ZONE 'Asia/Shanghai')::date, interval '1 day') d
          LEFT JOIN transactions x ON x.kind = 1 AND x.status = 1
               AND x.trade_time >= (d::timestamp AT TIME ZONE 'Asia/Shanghai')
               AND x.trade_time < ((d + interval '1 day')::timestamp AT TIME ZONE 'Asia/Shanghai')
         GROUP BY d ORDER BY d`,
  );
  const [a] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT
          (SELECT count(*) FROM withdrawals WHERE status = 0) AS withdrawals,
          (SELECT count(*) FROM merchants WHERE licence_status = 1) AS licences,
          (SELECT count(*) FROM merchants WHERE identify_status = 2 AND identify_reviewed_at IS NULL)
            AS identifications,
          (SELECT count(*) FROM transactions WHERE flag IS NOT NULL) AS flagged,
          (SELECT count(*) FROM job_runs WHERE status = -1) AS failed_jobs,
          (SELECT count(*) FROM ledger_adjustments WHERE status = 0) AS adjustments,
          (SELECT coalesce(sum(balance_fen), 0) FROM ledger_accounts) AS ledger_sum,
          (SELECT count(*) FROM ledger_accounts WHERE kind = 'agent' AND balance_fen < 0) AS negative`,
  );
  return {
    today: await figures(dayStart),
    month: await figures(monthStart),
    terminalsByStatus: {
      unbound: n(t!.unbound),
      bound: n(t!.bound),
      activated: n(t!.activated),
      deleted: n(t!.deleted),
    },
    trend: trend.map((r) => ({
      day: String(r.day),
      volumeFen: n(r.volume),
      transactions: n(r.txns),
    })),
    attention: {
      pendingWithdrawals: n(a!.withdrawals),
      licenceReviews: n(a!.licences),
      identificationReviews: n(a!.identifications),
      flaggedNotifications: n(a!.flagged),
      failedJobs: n(a!.failed_jobs),
      pendingAdjustments: n(a!.adjustments),
      ledgerBalanced: n(a!.ledger_sum) === 0 && n(a!.negative) === 0,
    },
  };
}
