/**
 * Display formatting: money, masking and dates (product spec sections 5 and 9, business rules
 * section 2).
 *
 * Money is an integer number of fen everywhere; conversion to yuan text happens only here, with
 * integer arithmetic, so no amount is ever rounded through a binary float.
 */

import type { Lang } from './enums';

export type FenInput = number | bigint | string | null | undefined;

// ---------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------

/**
 * Reads an amount in fen as a bigint, or null when there is nothing to show. A fractional fen
 * value (which should not occur) is rounded half away from zero rather than rejected, so a
 * slightly wrong input still displays a sensible figure.
 */
function toFen(fen: FenInput): bigint | null {
  if (fen === null || fen === undefined) return null;
  if (typeof fen === 'bigint') return fen;
  if (typeof fen === 'number') {
    if (!Number.isFinite(fen)) return null;
    // Math.round rounds -0.5 towards zero; rounding the magnitude keeps the rule symmetric.
    const rounded = Math.sign(fen) * Math.round(Math.abs(fen));
    return BigInt(rounded);
  }
  const match = /^([+-]?)(\d+)(?:\.(\d*))?$/.exec(fen.trim());
  if (!match) return null;
  let value = BigInt(match[2] ?? '0');
  const firstDecimal = (match[3] ?? '').charAt(0);
  if (firstDecimal !== '' && Number(firstDecimal) >= 5) value += 1n;
  return match[1] === '-' ? -value : value;
}

/** Splits fen into sign, whole yuan digits and the two-digit fen part. */
function splitFen(fen: bigint): { sign: string; yuan: string; cents: string } {
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  return {
    sign: negative ? '-' : '',
    yuan: (abs / 100n).toString(),
    cents: (abs % 100n).toString().padStart(2, '0'),
  };
}

/** Inserts a comma every three digits from the right. */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Fen to yuan text with two decimals and thousands separators, e.g. 123456789 -> '1,234,567.89'.
 * Empty or unreadable input shows '0.00', as the spec requires for an empty amount.
 */
export function formatMoney(fen: FenInput): string {
  const value = toFen(fen);
  if (value === null) return '0.00';
  const { sign, yuan, cents } = splitFen(value);
  return `${sign}${groupThousands(yuan)}.${cents}`;
}

/**
 * Fen to money text that fits a narrow cell: the full formatMoney text while it has at most
 * maxChars characters, otherwise two decimals of a larger unit (万 and 亿 in Chinese, K, M and B
 * in English), e.g. 123456789012 -> '12.34亿'. The figure is cut towards zero, never rounded up,
 * so a compact amount never shows more than there is; the caller keeps the full text at hand
 * (a title or label) for whoever needs every fen.
 */
export function formatMoneyCompact(fen: FenInput, lang: Lang = 'zh', maxChars = 10): string {
  const full = formatMoney(fen);
  const value = toFen(fen);
  if (value === null || full.length <= maxChars) return full;
  const negative = value < 0n;
  const abs = negative ? -value : value;
  // Each unit as the number of fen in one hundredth of it, largest first.
  const units: readonly (readonly [bigint, string])[] =
    lang === 'en'
      ? [
          [1_000_000_000n, 'B'],
          [1_000_000n, 'M'],
          [1_000n, 'K'],
        ]
      : [
          [100_000_000n, '亿'],
          [10_000n, '万'],
        ];
  const unit = units.find(([hundredth]) => abs >= hundredth * 100n) ?? units[units.length - 1]!;
  const hundredths = abs / unit[0];
  const whole = groupThousands((hundredths / 100n).toString());
  const decimals = (hundredths % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${decimals}${unit[1]}`;
}

/**
 * Fen to plain yuan text for a form field, e.g. 123450 -> '1234.50'. An empty input gives an
 * empty string so that an unset field stays blank instead of showing a zero the user must delete.
 */
export function fenToYuanText(fen: FenInput): string {
  const value = toFen(fen);
  if (value === null) return '';
  const { sign, yuan, cents } = splitFen(value);
  return `${sign}${yuan}.${cents}`;
}

/**
 * Yuan text to fen. Accepts an optional sign, digits optionally grouped with commas (so the
 * output of formatMoney reads back) and up to two decimals. Anything else throws, because a
 * silently misread amount is worse than a visible error.
 */
export function yuanToFen(text: string): bigint {
  const match = /^([+-]?)(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`Invalid yuan amount: ${JSON.stringify(text)}`);
  const yuan = BigInt((match[2] ?? '0').replace(/,/g, ''));
  const cents = BigInt((match[3] ?? '').padEnd(2, '0'));
  const fen = yuan * 100n + cents;
  return match[1] === '-' ? -fen : fen;
}

// ---------------------------------------------------------------------------------------------
// Masking
// ---------------------------------------------------------------------------------------------

/** '13812345678' -> '138****5678'. Too short to hide anything: returned as is. */
export function maskPhone(phone: string | null | undefined): string {
  const text = phone ?? '';
  if (text.length < 8) return text;
  return `${text.slice(0, 3)}****${text.slice(-4)}`;
}

/** '张三丰' -> '张**': the first character plus one star per remaining character. */
export function maskName(name: string | null | undefined): string {
  const chars = Array.from(name ?? '');
  const first = chars[0];
  if (first === undefined) return '';
  return first + '*'.repeat(chars.length - 1);
}

/** First 6 (the region code) and last 4 visible; a value too short to hide anything is kept. */
export function maskIdCard(idCard: string | null | undefined): string {
  const text = idCard ?? '';
  if (text.length <= 10) return text;
  return `${text.slice(0, 6)}${'*'.repeat(text.length - 10)}${text.slice(-4)}`;
}

/**
 * Only the last 4 digits, after three fixed groups of stars, so the mask does not reveal how
 * long the card number is. Spaces in the input (grouped numbers) are ignored.
 */
export function maskBankCard(card: string | null | undefined): string {
  const digits = (card ?? '').replace(/\s+/g, '');
  if (digits.length <= 4) return digits;
  return `**** **** **** ${digits.slice(-4)}`;
}

// ---------------------------------------------------------------------------------------------
// Dates
// ---------------------------------------------------------------------------------------------

export type DateInput = Date | number | string | null | undefined;

/** Asia/Shanghai is UTC+8 all year (no daylight saving), so a fixed offset is exact. */
const SHANGHAI_OFFSET_MS = 8 * 3600 * 1000;
/** The largest magnitude a JavaScript Date can hold. */
const MAX_DATE_MS = 8.64e15;

/** A numeric timestamp: 10 digits are seconds, anything else (normally 13 digits) milliseconds. */
function numberToMs(n: number): number | null {
  if (!Number.isFinite(n)) return null;
  const digits = String(Math.trunc(Math.abs(n))).length;
  return digits === 10 ? n * 1000 : n;
}

/**
 * Reads a date input as epoch milliseconds, or null when empty or invalid. Date strings without
 * a zone (the server's 'yyyy-mm-dd hh:MM:ss') are wall-clock times in Asia/Shanghai; reading them
 * with Date.parse would make the result depend on the machine's time zone.
 */
export function toEpochMs(value: DateInput): number | null {
  let ms: number | null;
  if (value === null || value === undefined) return null;
  if (value instanceof Date) {
    ms = value.getTime();
  } else if (typeof value === 'number') {
    ms = numberToMs(value);
  } else {
    const text = value.trim();
    if (text === '') return null;
    if (/^-?\d+$/.test(text)) {
      ms = numberToMs(Number(text));
    } else {
      ms = parseDateText(text);
    }
  }
  if (ms === null || !Number.isFinite(ms) || Math.abs(ms) > MAX_DATE_MS) return null;
  return ms;
}

function parseDateText(text: string): number | null {
  const local =
    /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[ T](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,3}))?)?)?$/.exec(
      text,
    );
  if (local) {
    const [year, month, day, hour, minute, second] = local.slice(1, 7).map((s) => Number(s ?? 0));
    const milli = Number((local[7] ?? '').padEnd(3, '0'));
    if (
      year === undefined ||
      month === undefined ||
      day === undefined ||
      month < 1 ||
      month > 12 ||
      day < 1 ||
      (hour ?? 0) > 23 ||
      (minute ?? 0) > 59 ||
      (second ?? 0) > 59
    ) {
      return null;
    }
    // setUTCFullYear, unlike Date.UTC, does not map the years 0-99 to 1900-1999.
    const date = new Date(0);
    date.setUTCFullYear(year, month - 1, day);
    date.setUTCHours(hour ?? 0, minute ?? 0, second ?? 0, milli);
    // The setters roll 2023-02-30 over into March; a date that rolled over did not exist.
    if (date.getUTCDate() !== day) return null;
    return date.getTime() - SHANGHAI_OFFSET_MS;
  }
  // Only strings that name their own zone are left to Date.parse, which reads those exactly.
  if (/(?:Z|[+-]\d{2}:?\d{2})$/i.test(text)) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? null : parsed;
  }
  return null;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/**
 * Formats a date in Asia/Shanghai. Tokens: yyyy year, mm month, dd day, hh hour (24 h),
 * MM minute, ss second; everything else is copied. Month and minute differ only in case, as in
 * the original app's format strings. Empty or invalid input gives ''.
 */
export function formatDate(value: DateInput, format: string = 'yyyy-mm-dd'): string {
  const ms = toEpochMs(value);
  return ms === null ? '' : formatEpochMs(ms, format);
}

/**
 * Formats epoch milliseconds that are already known to be milliseconds, so a value of 10 digits
 * (a moment in early 1970) is not taken for seconds a second time.
 */
function formatEpochMs(ms: number, format: string): string {
  const d = new Date(ms + SHANGHAI_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return '';
  const parts: Record<string, string> = {
    yyyy: String(d.getUTCFullYear()).padStart(4, '0'),
    mm: pad2(d.getUTCMonth() + 1),
    dd: pad2(d.getUTCDate()),
    hh: pad2(d.getUTCHours()),
    MM: pad2(d.getUTCMinutes()),
    ss: pad2(d.getUTCSeconds()),
  };
  return format.replace(/yyyy|mm|dd|hh|MM|ss/g, (token) => parts[token] ?? token);
}

const JUST_NOW_S = 300;
const MINUTE_S = 60;
const HOUR_S = 3600;
const DAY_S = 86400;
const MAX_RELATIVE_DAYS = 30;

/**
 * 'just now' under 300 s, then whole minutes, hours and days; from 30 days on, the date itself.
 * A time slightly in the future (clock skew between server and device) also reads 'just now';
 * one further ahead is shown as a date, since 'N minutes ago' would be false.
 */
export function relativeTime(
  value: DateInput,
  now: number | Date = Date.now(),
  lang: Lang = 'zh',
  format: string = 'yyyy-mm-dd',
): string {
  const ms = toEpochMs(value);
  if (ms === null) return '';
  const nowMs = now instanceof Date ? now.getTime() : now;
  const seconds = (nowMs - ms) / 1000;
  const en = lang === 'en';
  if (seconds < -JUST_NOW_S || seconds >= MAX_RELATIVE_DAYS * DAY_S)
    return formatEpochMs(ms, format);
  if (seconds < JUST_NOW_S) return en ? 'just now' : '刚刚';
  if (seconds < HOUR_S) {
    const n = Math.floor(seconds / MINUTE_S);
    return en ? `${n} minutes ago` : `${n}分钟前`;
  }
  if (seconds < DAY_S) {
    const n = Math.floor(seconds / HOUR_S);
    return en ? `${n} ${n === 1 ? 'hour' : 'hours'} ago` : `${n}小时前`;
  }
  const n = Math.floor(seconds / DAY_S);
  return en ? `${n} ${n === 1 ? 'day' : 'days'} ago` : `${n}天前`;
}
