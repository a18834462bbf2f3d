import { STATS_MAX_RANGE_DAYS } from '@pos/core';
import { badRequest } from '../../lib/app-error';
import { daysBetween, shanghaiToday } from '../../lib/shanghai-dates';

/**
 * The days a report covers: [from, to], the current month to date by default, at most
 * STATS_MAX_RANGE_DAYS days, never past today (the rollups have nothing there yet).
 */
export function readRange(
  input: { from?: string; to?: string },
  now: Date = new Date(),
): { from: string; to: string } {
  const today = shanghaiToday(now);
  const to = input.to ?? today;
  const from = input.from ?? `${to.slice(0, 7)}-01`;
  if (to > today) throw badRequest('结束日期不能晚于今天', 'to');
  if (from > to) throw badRequest('开始日期不能晚于结束日期', 'from');
  if (daysBetween(from, to) + 1 > STATS_MAX_RANGE_DAYS) {
    throw badRequest(`查询范围不能超过${STATS_MAX_RANGE_DAYS}天`, 'to');
  }
  return { from, to };
}
