import { sql, type SQL } from 'drizzle-orm';

/**
 * Days and months as the reports cut them: Asia/Shanghai (UTC+8, no daylight saving). Days are
 * 'YYYY-MM-DD' and months 'YYYY-MM' strings; the arithmetic runs on UTC dates so the machine's
 * own time zone never enters.
 */

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
const DAY_MS = 86_400_000;

/** Today in Asia/Shanghai. */
export const shanghaiToday = (now: Date = new Date()): string =>
  new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10);

/** The current month in Asia/Shanghai. */
export const shanghaiMonth = (now: Date = new Date()): string => shanghaiToday(now).slice(0, 7);

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` moved by `n` days. */
export const addDays = (day: string, n: number): string => fromMs(dayMs(day) + n * DAY_MS);

/** Days from `a` to `b` (b - a). */
export const daysBetween = (a: string, b: string): number =>
  Math.round((dayMs(b) - dayMs(a)) / DAY_MS);

/** 'YYYY-MM' moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** First and last day of a month. */
export function monthDays(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/** The instant a day begins in Asia/Shanghai. */
export const dayStartInstant = (day: string): Date => new Date(dayMs(day) - SHANGHAI_OFFSET_MS);

/** Whole months between two 'YYYY-MM' months (b - a). */
export function monthsBetween(a: string, b: string): number {
  const [ay, am] = a.split('-').map(Number) as [number, number];
  const [by, bm] = b.split('-').map(Number) as [number, number];
  return (by - ay) * 12 + (bm - am);
}

/**
 * Splits the days [from, to] into the calendar months lying wholly inside it (read from the
 * monthly rollup, one row per agent and month) and at most two spans of days at the edges (read
 * from the daily rollup), so a year's totals read twelve monthly rows per agent, not 366 daily ones.
 */
export function splitRange(
  from: string,
  to: string,
): { months: string[]; spans: [string, string][] } {
  const months: string[] = [];
  const spans: [string, string][] = [];
  if (from > to) return { months, spans };
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = shiftMonth(month, 1)) {
    const { first, last } = monthDays(month);
    const lo = first < from ? from : first;
    const hi = last > to ? to : last;
    if (lo === first && hi === last) months.push(first);
    else spans.push([lo, hi]);
  }
  return { months, spans };
}

/** The Asia/Shanghai day of a timestamptz expression, in SQL. */
export const shanghaiDaySql = (column: SQL): SQL =>
  sql`(${column} AT TIME ZONE 'Asia/Shanghai')::date`;
