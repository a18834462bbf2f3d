import { sql, type SQL } from 'drizzle-orm';

/** Asia/Shanghai periods of the jobs: months 'YYYY-MM' and days 'YYYY-MM-DD'. */
const SHANGHAI_MS = 8 * 3600 * 1000;

export function shanghaiDay(at: Date): string {
  return new Date(at.getTime() + SHANGHAI_MS).toISOString().slice(0, 10);
}

export function shanghaiMonth(at: Date): string {
  return shanghaiDay(at).slice(0, 7);
}

/** The month before the one `at` falls in. */
export function previousMonth(at: Date): string {
  const d = new Date(at.getTime() + SHANGHAI_MS);
  const prev = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return prev.toISOString().slice(0, 7);
}

/** The first instant of a Shanghai month, and of the next one. */
export function monthBounds(month: string): { start: Date; end: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return {
    start: new Date(Date.UTC(y, m - 1, 1) - SHANGHAI_MS),
    end: new Date(Date.UTC(y, m, 1) - SHANGHAI_MS),
  };
}

/**
 * The period of a fee collection, as SQL: 0 for the deposit (once per terminal); for the SIM
 * fee, the whole years (Asia/Shanghai calendar) from the terminal's activation to the trade
 * time, so a fee collected in the first year is period 0, the first anniversary's 1, the second's
 * 2 (the yearly job's CF-<terminal>-<n> falls in period n).
 */
export function feePeriodSql(feeKind: SQL, tradeTime: SQL, since: SQL): SQL {
  return sql`CASE WHEN ${feeKind} = 'service_fee' THEN 0
                  ELSE GREATEST(0, extract(year FROM age(${tradeTime} AT TIME ZONE 'Asia/Shanghai',
                                                         coalesce(${since}, ${tradeTime}) AT TIME ZONE 'Asia/Shanghai'))::integer) END`;
}
