import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  fenToYuanText,
  formatDate,
  formatMoney,
  formatMoneyCompact,
  maskBankCard,
  maskIdCard,
  maskName,
  maskPhone,
  relativeTime,
  toEpochMs,
  yuanToFen,
} from './format';

describe('formatMoney', () => {
  it('shows yuan with two decimals and thousands separators', () => {
    expect(formatMoney(123456789)).toBe('1,234,567.89');
    expect(formatMoney(0)).toBe('0.00');
    expect(formatMoney(1)).toBe('0.01');
    expect(formatMoney(10)).toBe('0.10');
    expect(formatMoney(100)).toBe('1.00');
    expect(formatMoney(99999)).toBe('999.99');
    expect(formatMoney(100000)).toBe('1,000.00');
    expect(formatMoney(100000000)).toBe('1,000,000.00');
  });

  it('accepts bigint and numeric strings', () => {
    expect(formatMoney(123456789n)).toBe('1,234,567.89');
    expect(formatMoney('123456789')).toBe('1,234,567.89');
    expect(formatMoney(' 5 ')).toBe('0.05');
    expect(formatMoney('-250')).toBe('-2.50');
  });

  it('keeps a leading minus for negative amounts', () => {
    expect(formatMoney(-1)).toBe('-0.01');
    expect(formatMoney(-123456789)).toBe('-1,234,567.89');
    expect(formatMoney(-100000n)).toBe('-1,000.00');
  });

  it('shows 0.00 for empty or unreadable input', () => {
    expect(formatMoney(null)).toBe('0.00');
    expect(formatMoney(undefined)).toBe('0.00');
    expect(formatMoney('')).toBe('0.00');
    expect(formatMoney(Number.NaN)).toBe('0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY)).toBe('0.00');
    expect(formatMoney('abc')).toBe('0.00');
  });

  it('formats amounts beyond 2^53 fen exactly', () => {
    expect(formatMoney(2n ** 53n + 1n)).toBe('90,071,992,547,409.93');
    expect(formatMoney('9007199254740993')).toBe('90,071,992,547,409.93');
    expect(formatMoney(-(2n ** 63n))).toBe('-92,233,720,368,547,758.08');
    expect(formatMoney(123456789012345678901234567890n)).toBe(
      '1,234,567,890,123,456,789,012,345,678.90',
    );
  });

  it('rounds a fractional fen half away from zero', () => {
    expect(formatMoney(12.5)).toBe('0.13');
    expect(formatMoney(-12.5)).toBe('-0.13');
    expect(formatMoney(-0.4)).toBe('0.00');
    expect(formatMoney('12.49')).toBe('0.12');
  });

  it('round-trips with yuanToFen', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (fen) => {
        expect(yuanToFen(formatMoney(fen))).toBe(fen);
        expect(yuanToFen(fenToYuanText(fen))).toBe(fen);
      }),
    );
  });

  it('only ever produces well-formed text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n }), (fen) => {
        expect(formatMoney(fen)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});

describe('yuanToFen and fenToYuanText', () => {
  it('converts yuan text to fen', () => {
    expect(yuanToFen('1234.5')).toBe(123450n);
    expect(yuanToFen('1234.50')).toBe(123450n);
    expect(yuanToFen('0.01')).toBe(1n);
    expect(yuanToFen('10')).toBe(1000n);
    expect(yuanToFen('-3.07')).toBe(-307n);
    expect(yuanToFen('1,234,567.89')).toBe(123456789n);
    expect(yuanToFen(' 7 ')).toBe(700n);
    expect(yuanToFen('90071992547409.93')).toBe(9007199254740993n);
  });

  it('throws on invalid text', () => {
    for (const bad of ['', 'abc', '1.234', '1.', '.5', '1,23', '12,34.00', '1e3', '--1', '1 000']) {
      expect(() => yuanToFen(bad), bad).toThrow(RangeError);
    }
  });

  it('writes plain yuan text for form fields', () => {
    expect(fenToYuanText(123450)).toBe('1234.50');
    expect(fenToYuanText(123456789n)).toBe('1234567.89');
    expect(fenToYuanText(-5)).toBe('-0.05');
    expect(fenToYuanText(0)).toBe('0.00');
    expect(fenToYuanText(null)).toBe('');
    expect(fenToYuanText(undefined)).toBe('');
    expect(fenToYuanText('')).toBe('');
  });
});

describe('masking', () => {
  it('masks a phone number as first 3, four stars, last 4', () => {
    expect(maskPhone('13812345678')).toBe('138****5678');
    expect(maskPhone('')).toBe('');
    expect(maskPhone(null)).toBe('');
    expect(maskPhone('1234567')).toBe('1234567');
    expect(maskPhone('12345678')).toBe('123****5678');
  });

  it('masks a name as the first character plus one star per remaining character', () => {
    expect(maskName('张三丰')).toBe('张**');
    expect(maskName('张三')).toBe('张*');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskName('张')).toBe('张');
    expect(maskName('')).toBe('');
    expect(maskName(undefined)).toBe('');
    expect(maskName('𠮷野家')).toBe('𠮷**');
  });

  it('masks an ID card keeping the first 6 and last 4', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110105********002X');
    expect(maskIdCard('1234567890')).toBe('1234567890');
    expect(maskIdCard('')).toBe('');
    expect(maskIdCard(null)).toBe('');
  });

  it('masks a bank card showing only the last 4', () => {
    expect(maskBankCard('6222021234567890123')).toBe('**** **** **** 0123');
    expect(maskBankCard('4111 1111 1111 1234')).toBe('**** **** **** 1234');
    expect(maskBankCard('1234')).toBe('1234');
    expect(maskBankCard('')).toBe('');
    expect(maskBankCard(undefined)).toBe('');
  });
});

describe('formatDate', () => {
  // 1700000000 s is 2023-11-14T22:13:20Z, which is 2023-11-15 06:13:20 in Shanghai.
  it('reads a 10-digit timestamp as seconds and a 13-digit one as milliseconds', () => {
    expect(formatDate(1700000000)).toBe('2023-11-15');
    expect(formatDate(1700000000000)).toBe('2023-11-15');
    expect(formatDate('1700000000')).toBe('2023-11-15');
    expect(formatDate('1700000000000', 'yyyy-mm-dd hh:MM:ss')).toBe('2023-11-15 06:13:20');
    expect(formatDate(1700000000, 'yyyy-mm-dd hh:MM:ss')).toBe('2023-11-15 06:13:20');
  });

  it('shows dates in Asia/Shanghai across the UTC day boundary', () => {
    expect(formatDate(new Date(Date.UTC(2023, 11, 31, 15, 59, 59)), 'yyyy-mm-dd hh:MM:ss')).toBe(
      '2023-12-31 23:59:59',
    );
    expect(formatDate(new Date(Date.UTC(2023, 11, 31, 16, 0, 0)), 'yyyy-mm-dd hh:MM:ss')).toBe(
      '2024-01-01 00:00:00',
    );
  });

  it('supports every token and copies other text', () => {
    const ms = Date.UTC(2024, 1, 29, 1, 2, 3); // 09:02:03 in Shanghai
    expect(formatDate(ms, 'yyyy/mm/dd')).toBe('2024/02/29');
    expect(formatDate(ms, 'hh:MM:ss')).toBe('09:02:03');
    expect(formatDate(ms, 'yyyy年mm月dd日 hh时MM分')).toBe('2024年02月29日 09时02分');
    expect(formatDate(ms, 'mm-dd')).toBe('02-29');
  });

  it('reads zone-less date strings as Shanghai wall-clock time', () => {
    expect(formatDate('2024-03-05')).toBe('2024-03-05');
    expect(formatDate('2024-03-05 07:08:09', 'yyyy-mm-dd hh:MM:ss')).toBe('2024-03-05 07:08:09');
    expect(formatDate('2024/3/5 23:00', 'yyyy-mm-dd hh:MM')).toBe('2024-03-05 23:00');
    expect(toEpochMs('2024-03-05 08:00:00')).toBe(Date.UTC(2024, 2, 5, 0, 0, 0));
  });

  it('reads strings with a zone exactly', () => {
    expect(formatDate('2024-03-05T20:00:00Z', 'yyyy-mm-dd hh:MM')).toBe('2024-03-06 04:00');
    expect(formatDate('2024-03-05T20:00:00+08:00', 'yyyy-mm-dd hh:MM')).toBe('2024-03-05 20:00');
  });

  it('gives an empty string for empty or invalid input', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate('2023-02-29')).toBe('');
    expect(formatDate('2024-13-01')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
    expect(formatDate(Number.NaN)).toBe('');
    expect(formatDate(1e20)).toBe('');
  });

  it('agrees with the Intl time-zone database for Asia/Shanghai', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Asia/Shanghai',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1995, 0, 1), max: Date.UTC(2100, 0, 1) }), (ms) => {
        const parts = Object.fromEntries(intl.formatToParts(ms).map((p) => [p.type, p.value]));
        const expected = `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
        expect(formatDate(new Date(ms), 'yyyy-mm-dd hh:MM:ss')).toBe(expected);
      }),
    );
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2024, 5, 15, 12, 0, 0);
  const ago = (seconds: number) => now - seconds * 1000;

  it('says just now under 300 seconds', () => {
    expect(relativeTime(ago(0), now)).toBe('刚刚');
    expect(relativeTime(ago(299), now)).toBe('刚刚');
    expect(relativeTime(ago(299), now, 'en')).toBe('just now');
  });

  it('counts minutes from 300 seconds', () => {
    expect(relativeTime(ago(300), now)).toBe('5分钟前');
    expect(relativeTime(ago(300), now, 'en')).toBe('5 minutes ago');
    expect(relativeTime(ago(3599), now)).toBe('59分钟前');
  });

  it('counts hours, then days', () => {
    expect(relativeTime(ago(3600), now)).toBe('1小时前');
    expect(relativeTime(ago(3600), now, 'en')).toBe('1 hour ago');
    expect(relativeTime(ago(86399), now, 'en')).toBe('23 hours ago');
    expect(relativeTime(ago(86400), now)).toBe('1天前');
    expect(relativeTime(ago(86400), now, 'en')).toBe('1 day ago');
    expect(relativeTime(ago(3 * 86400), now, 'en')).toBe('3 days ago');
  });

  it('shows a date from 30 days on', () => {
    expect(relativeTime(ago(30 * 86400 - 1), now)).toBe('29天前');
    expect(relativeTime(ago(30 * 86400), now)).toBe('2024-05-16');
    expect(relativeTime(ago(30 * 86400), now, 'en')).toBe('2024-05-16');
    expect(relativeTime(ago(400 * 86400), now, 'zh', 'yyyy年mm月dd日')).toBe('2023年05月12日');
  });

  it('reads a 10-digit timestamp as seconds', () => {
    const nowSeconds = Math.floor(now / 1000);
    expect(relativeTime(nowSeconds - 299, now)).toBe('刚刚');
    expect(relativeTime(nowSeconds - 600, now)).toBe('10分钟前');
    expect(relativeTime(String(nowSeconds - 7200), now)).toBe('2小时前');
  });

  it('treats small clock skew as just now and a far future time as a date', () => {
    expect(relativeTime(now + 60_000, now)).toBe('刚刚');
    expect(relativeTime(now + 86_400_000, now)).toBe('2024-06-16');
  });

  it('accepts a Date as now and gives an empty string for empty input', () => {
    expect(relativeTime(ago(600), new Date(now))).toBe('10分钟前');
    expect(relativeTime(null, now)).toBe('');
    expect(relativeTime('', now)).toBe('');
  });
});

describe('formatMoneyCompact', () => {
  it('keeps the full figure while it fits', () => {
    expect(formatMoneyCompact(99_999_999, 'zh', 10)).toBe('999,999.99');
    expect(formatMoneyCompact(-12_345, 'zh', 10)).toBe('-123.45');
    expect(formatMoneyCompact(null, 'zh')).toBe('0.00');
  });
  it('shows 万 and 亿 in Chinese, cut towards zero, never rounded up', () => {
    expect(formatMoneyCompact(1_234_567_899, 'zh', 10)).toBe('1,234.56万');
    expect(formatMoneyCompact(123_456_789_012n, 'zh', 10)).toBe('12.34亿');
    expect(formatMoneyCompact(999_999_999_999n, 'zh', 10)).toBe('99.99亿');
    expect(formatMoneyCompact(-1_234_567_899, 'zh', 10)).toBe('-1,234.56万');
    expect(formatMoneyCompact('1000000000000', 'zh', 10)).toBe('100.00亿');
  });
  it('shows K, M and B in English', () => {
    expect(formatMoneyCompact(1_234_567_899, 'en', 10)).toBe('12.34M');
    expect(formatMoneyCompact(123_456_789_012n, 'en', 10)).toBe('1.23B');
    expect(formatMoneyCompact(12_345_678, 'en', 8)).toBe('123.45K');
  });
  it('is exact for amounts beyond the safe integer range', () => {
    expect(formatMoneyCompact(123_456_789_012_345_678n, 'zh', 10)).toBe('12,345,678.90亿');
  });
});
