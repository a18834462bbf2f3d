/**
 * Reading a decrypted 联动 notice: its fields are checked as the spec's tables say (M must be
 * there, O may be), and what is wrong is said in words an operator can act on.
 */
import { DecimalError, percentToPpm, yuanToFen } from './decimal';

/** A field missing or unreadable: the push is authentic, so it is kept and flagged. */
export class FieldError extends Error {}

export type Notice = Record<string, unknown>;

/** A mandatory text field. */
export function text(n: Notice, key: string): string {
  const v = n[key];
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v !== 'string' || v.trim() === '') throw new FieldError(`${key} is missing`);
  return v.trim();
}

/** An optional text field. */
export function optText(n: Notice, key: string): string | undefined {
  const v = n[key];
  if (v === undefined || v === null || v === '') return undefined;
  return text(n, key);
}

/** A mandatory amount in yuan, as fen. */
export function fen(n: Notice, key: string): number {
  if (n[key] === undefined || n[key] === null || n[key] === '')
    throw new FieldError(`${key} is missing`);
  try {
    return yuanToFen(n[key], key);
  } catch (e) {
    throw new FieldError(e instanceof DecimalError ? e.message : `${key} is not an amount`);
  }
}

/** An optional amount in yuan, as fen. */
export function optFen(n: Notice, key: string): number | undefined {
  if (n[key] === undefined || n[key] === null || n[key] === '') return undefined;
  return fen(n, key);
}

/** A mandatory percentage, as ppm (0.6 → 6000), within 0..100 %. */
export function ppm(n: Notice, key: string): number {
  if (n[key] === undefined || n[key] === null || n[key] === '')
    throw new FieldError(`${key} is missing`);
  let value: number;
  try {
    value = percentToPpm(n[key], key);
  } catch (e) {
    throw new FieldError(e instanceof DecimalError ? e.message : `${key} is not a rate`);
  }
  if (value < 0 || value > 1_000_000) throw new FieldError(`${key} is out of range`);
  return value;
}

/** A list of objects (an absent optional list is empty). */
export function list(n: Notice, key: string, mandatory = false): Notice[] {
  const v = n[key];
  if (v === undefined || v === null) {
    if (mandatory) throw new FieldError(`${key} is missing`);
    return [];
  }
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'object' || x === null || Array.isArray(x)))
    throw new FieldError(`${key} is not a list of objects`);
  return v as Notice[];
}

/** A nested object. */
export function object(n: Notice, key: string): Notice {
  const v = n[key];
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new FieldError(`${key} is missing`);
  return v as Notice;
}

/**
 * A time as 联动 writes it, `yyyy-MM-dd HH:mm:ss` (or a date alone) in China time; epoch
 * milliseconds are read too (the spec's `Date` fields).
 */
export function time(n: Notice, key: string): Date {
  const v = n[key];
  if (typeof v === 'number' && Number.isInteger(v) && v > 0) return new Date(v);
  if (typeof v === 'string') {
    const s = v.trim();
    if (/^\d{13}$/.test(s)) return new Date(Number(s));
    const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2}))?$/.exec(s);
    if (m) {
      const [, y, mo, d, h = '00', mi = '00', se = '00'] = m;
      const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${se}+08:00`);
      // A day or hour out of range (2025-02-30) makes another date: refuse it.
      const back = new Date(date.getTime() + 8 * 3600_000).toISOString();
      if (back.slice(0, 19) === `${y}-${mo}-${d}T${h}:${mi}:${se}`) return date;
    }
  }
  if (v === undefined || v === null || v === '') throw new FieldError(`${key} is missing`);
  throw new FieldError(`${key} is not a time: ${JSON.stringify(v)}`);
}
