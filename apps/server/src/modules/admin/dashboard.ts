import { EARNING_INFO_TYPES, type Dashboard } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { transactions } from '../../db/schema';
import { decode, select, selectOne } from '../../db/typed';

/** A count or a coalesced sum: never NULL. */
const n = (expr: SQL) => sql`${expr}`.mapWith(decode.number);
const x = alias(transactions, 'x');

/** The figures' one row: a statement of scalar subqueries always has it. */
async function oneRow<T>(found: Promise<T | undefined>): Promise<T> {
  const row = await found;
  if (!row) throw new Error('the dashboard read no row');
  return row;
}

/**
 * The platform's figures for today and this month (China time) and what needs an operator.
 * Volume and transactions read the month's transaction partition; shares paid and adjustments
 * read the daily earnings rollup; each count has an index or is over a small table. Each figure's
 * definition is core's DASHBOARD_FIGURES, shown beside it in the console.
 */
export async function getDashboard(db: Db): Promise<Dashboard> {
  const dayStart = sql`(date_trunc('day', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`;
  const monthStart = sql`(date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`;
  const figures = async (from: SQL) =>
    oneRow(
      selectOne(
        db,
        {
          volumeFen: n(
            sql`(SELECT coalesce(sum(amount_fen), 0) FROM transactions WHERE kind = 1 AND status = 1 AND trade_time >= ${from})`,
          ),
          transactions: n(
            sql`(SELECT count(*) FROM transactions WHERE kind = 1 AND status = 1 AND trade_time >= ${from})`,
          ),
          sharesPaidFen: n(sql`(SELECT coalesce(sum(amount_fen), 0) FROM agent_daily_earnings
              WHERE day >= (${from} AT TIME ZONE 'Asia/Shanghai')::date
                AND info_type = ANY(${sql.param([...EARNING_INFO_TYPES])}::text[]))`),
          adjustmentsFen: n(sql`(SELECT coalesce(sum(amount_fen), 0) FROM agent_daily_earnings
              WHERE day >= (${from} AT TIME ZONE 'Asia/Shanghai')::date
                AND info_type = 'manual_adjustment')`),
          newMerchants: n(sql`(SELECT count(*) FROM merchants WHERE created_at >= ${from})`),
          activations: n(sql`(SELECT count(*) FROM terminals WHERE activated_at >= ${from})`),
        },
        sql``,
      ),
    );
  const terminalsByStatus = await oneRow(
    selectOne(
      db,
      {
        unbound: n(sql`count(*) FILTER (WHERE deleted_at IS NULL AND bind_status = 0)`),
        bound: n(sql`count(*) FILTER (WHERE deleted_at IS NULL AND bind_status = 1)`),
        activated: n(sql`count(*) FILTER (WHERE deleted_at IS NULL AND bind_status = 3)`),
        deleted: n(sql`count(*) FILTER (WHERE deleted_at IS NOT NULL)`),
      },
      sql`FROM terminals`,
    ),
  );
  const trend = await select(
    db,
    {
      day: sql`to_char(d, 'YYYY-MM-DD')`.mapWith(decode.text),
      volumeFen: n(sql`coalesce(sum(${x.amountFen}), 0)`),
      transactions: n(sql`count(${x.id})`),
    },
    sql`FROM generate_series((now() AT TIME ZONE 'Asia/Shanghai')::date - 29, (now() AT TIME ZONE 'Asia/Shanghai')::date, interval '1 day') d
          LEFT JOIN transactions x ON ${x.kind} = 1 AND ${x.status} = 1
               AND ${x.tradeTime} >= (d::timestamp AT TIME ZONE 'Asia/Shanghai')
               AND ${x.tradeTime} < ((d + interval '1 day')::timestamp AT TIME ZONE 'Asia/Shanghai')
         GROUP BY d ORDER BY d`,
  );
  const a = await oneRow(
    selectOne(
      db,
      {
        pendingWithdrawals: n(sql`(SELECT count(*) FROM withdrawals WHERE status = 0)`),
        licenceReviews: n(sql`(SELECT count(*) FROM merchants WHERE licence_status = 1)`),
        identificationReviews: n(
          sql`(SELECT count(*) FROM merchants WHERE identify_status = 2 AND identify_reviewed_at IS NULL)`,
        ),
        flaggedNotifications: n(sql`(SELECT count(*) FROM transactions WHERE flag IS NOT NULL)`),
        failedJobs: n(sql`(SELECT count(*) FROM job_runs WHERE status = -1)`),
        pendingAdjustments: n(sql`(SELECT count(*) FROM ledger_adjustments WHERE status = 0)`),
        ledgerSum: n(sql`(SELECT coalesce(sum(balance_fen), 0) FROM ledger_accounts)`),
        negative: n(
          sql`(SELECT count(*) FROM ledger_accounts WHERE kind = 'agent' AND balance_fen < 0)`,
        ),
      },
      sql``,
    ),
  );
  const { ledgerSum, negative, ...attention } = a;
  return {
    today: await figures(dayStart),
    month: await figures(monthStart),
    terminalsByStatus,
    trend,
    attention: { ...attention, ledgerBalanced: ledgerSum === 0 && negative === 0 },
  };
}
