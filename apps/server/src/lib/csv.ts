import { formatDate } from '@pos/core';

/**
 * The one CSV cell writer every export goes through.
 *
 * A column says what it holds. Text is written so that a spreadsheet never runs it as a formula:
 * a cell beginning with =, +, -, @, a tab or a carriage return (or their full-width forms, which
 * some spreadsheets read the same way) is prefixed with a single quote, as OWASP advises, whatever
 * follows, so `-2+3+cmd|' /C calc'!A0` is inert. Numbers are written as numbers because the
 * column is declared numeric, never because a string looks like one: -2.50 in an amount column
 * stays a number a spreadsheet can add up.
 */
export type CsvColumn<R> =
  | {
      header: string;
      /** Text (the default): escaped against formulas. */
      type?: 'text';
      value: (row: R) => string | null | undefined;
    }
  | {
      header: string;
      /** A count, an id, ppm: written as the number it is. */
      type: 'number';
      value: (row: R) => number | bigint | null | undefined;
    }
  | {
      header: string;
      /** Money in integer fen, written in yuan with two decimals (-250 is -2.50). */
      type: 'fen';
      value: (row: R) => number | bigint | null | undefined;
    }
  | {
      header: string;
      /**
       * A moment (an ISO string or a Date), written as 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai,
       * the time the app and the console show; the header should say so (北京时间).
       */
      type: 'time';
      value: (row: R) => string | Date | null | undefined;
    };

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/** A text cell: formula starts prefixed with ', then quoted when it holds a quote, comma or line break. */
export function csvText(value: string | null | undefined): string {
  if (value === null || value === undefined) return '';
  const s = String(value);
  const safe = FORMULA_START.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A number cell; anything that is not a finite number after all is written as (escaped) text. */
export function csvNumber(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return csvText(String(value));
}

/** Fen as yuan with two decimals, exactly (integer arithmetic); non-integers are escaped text. */
export function csvFen(value: unknown): string {
  if (value === null || value === undefined) return '';
  let fen: bigint;
  if (typeof value === 'bigint') fen = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) fen = BigInt(value);
  else return csvText(String(value));
  const negative = fen < 0n;
  const abs = negative ? -fen : fen;
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`;
}

/** A moment as 'YYYY-MM-DD HH:mm:ss' in Asia/Shanghai; what cannot be read is escaped text. */
export function csvTime(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (!(value instanceof Date) && typeof value !== 'string') return csvText(String(value));
  const text = formatDate(value, 'yyyy-mm-dd hh:MM:ss');
  return text === '' ? csvText(String(value)) : text;
}

/** One cell of a row, written by its column's type. */
export function csvCell<R>(column: CsvColumn<R>, row: R): string {
  switch (column.type) {
    case 'number':
      return csvNumber(column.value(row));
    case 'fen':
      return csvFen(column.value(row));
    case 'time':
      return csvTime(column.value(row));
    default:
      return csvText(column.value(row));
  }
}

/** The header line. */
export const csvHeader = <R>(columns: CsvColumn<R>[]) =>
  columns.map((c) => csvText(c.header)).join(',');

/** One data line. */
export const csvRow = <R>(columns: CsvColumn<R>[], row: R) =>
  columns.map((c) => csvCell(c, row)).join(',');
