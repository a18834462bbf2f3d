/**
 * Months as the reports cut them: Asia/Shanghai (UTC+8, no daylight saving), written 'YYYY-MM'.
 */

const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;

/** The current month in Asia/Shanghai. */
export function currentMonth(now = new Date()): string {
  const d = new Date(now.getTime() + SHANGHAI_OFFSET_MS);
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM' moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The date the monthly rollup keys the month by: its first day. */
export const monthKey = (month: string) => `${month}-01`;

/** The instant the month begins in Asia/Shanghai. */
export function monthStartInstant(month: string): Date {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1, 1) - SHANGHAI_OFFSET_MS);
}
