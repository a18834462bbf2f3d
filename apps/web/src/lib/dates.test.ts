// The phone is in New York: every time the app shows must still be Asia/Shanghai's.
process.env.TZ = 'America/New_York';

import { formatDate, relativeTime } from '@pos/core';
import { describe, expect, it } from 'vitest';
import {
  localDateAsShanghaiDay,
  shanghaiDayAsLocalDate,
  shanghaiMonth,
  shanghaiToday,
} from './dates';

// The order of issue 27: paid at 17:42 UTC on 27 November, 01:42 on the 28th in Shanghai.
const ORDER_AT = '2026-11-27T17:42:00.000Z';
const ms = Date.parse(ORDER_AT);

describe('times in Asia/Shanghai on a phone in another zone', () => {
  it('runs under a device zone that is not China', () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe('America/New_York');
    // What a zone-naive app would show there: 12:42 on the 27th.
    const device = new Intl.DateTimeFormat('en-CA', {
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    }).format(ms);
    expect(device).toBe('2026-11-27, 12:42');
  });

  it("shows an order's time as Shanghai's, the same as the server's day cut", () => {
    const shanghai = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      dateStyle: 'short',
      timeStyle: 'short',
      hourCycle: 'h23',
    })
      .format(ms)
      .replace(',', '');
    expect(formatDate(ORDER_AT, 'yyyy-mm-dd hh:MM')).toBe(shanghai);
    expect(formatDate(ORDER_AT, 'yyyy-mm-dd hh:MM')).toBe('2026-11-28 01:42');
    // A server time without a zone is Shanghai wall-clock time, not the phone's.
    expect(formatDate('2026-11-28 01:42:00', 'yyyy-mm-dd hh:MM')).toBe('2026-11-28 01:42');
    // Past 30 days the relative time falls back to the Shanghai date too.
    expect(relativeTime(ORDER_AT, ms + 40 * 86_400_000)).toBe('2026-11-28');
  });

  it('cuts today and this month in Shanghai, where it is already tomorrow', () => {
    expect(shanghaiToday(ms)).toBe('2026-11-28');
    expect(shanghaiMonth(Date.parse('2026-11-30T17:00:00.000Z'))).toBe('2026-12');
  });

  it('offers the Shanghai day in the date pickers and reads the picked day back unchanged', () => {
    const picked = shanghaiDayAsLocalDate(shanghaiToday(ms));
    // The picker's local date shows the 28th, though the phone's own date is still the 27th.
    expect(picked.getDate()).toBe(28);
    expect(new Date(ms).getDate()).toBe(27);
    expect(localDateAsShanghaiDay(picked)).toBe('2026-11-28');
  });
});
