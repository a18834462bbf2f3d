/**
 * 联动 writes money in yuan and rates in percent, as Java BigDecimal values: in the JSON they are
 * numbers or strings such as `100.11`, `"0.60"`. The platform keeps fen and ppm as integers, so
 * these are converted from their decimal text, digit by digit, never through floating-point
 * arithmetic. A value that is not a plain decimal with at most the allowed places is refused, not
 * rounded.
 */

/** Why a value could not be read; the adapter turns it into a flagged or refused push. */
export class DecimalError extends Error {}

/**
 * The decimal text of a JSON value. A JSON number was already parsed by JSON.parse; its shortest
 * round-trip text is the text 联动 wrote as long as it has at most 15 significant digits (every
 * amount up to 10^13 yuan in fen), so more digits than that are refused rather than trusted.
 */
function decimalText(value: unknown, what: string): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) {
    const text = String(value);
    if (text.replace(/[^0-9]/g, '').replace(/^0+/, '').length > 15)
      throw new DecimalError(`${what} has more digits than can be read exactly: ${text}`);
    return text;
  }
  throw new DecimalError(`${what} is not a decimal: ${JSON.stringify(value)}`);
}

/** `value` × 10^places as an exact integer; more than `places` decimals are refused. */
function scaled(value: unknown, places: number, what: string): number {
  const text = decimalText(value, what);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) throw new DecimalError(`${what} is not a plain decimal: ${text}`);
  const [, sign, whole, fraction = ''] = m;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > places)
    throw new DecimalError(`${what} has more than ${places} decimal places: ${text}`);
  const digits = BigInt(whole + trimmed.padEnd(places, '0'));
  if (digits > BigInt(Number.MAX_SAFE_INTEGER)) throw new DecimalError(`${what} is too large`);
  const n = Number(digits);
  return sign === '-' && n !== 0 ? -n : n;
}

/** Yuan (at most 2 decimals) → fen: `100.11` → 10011, `"0.6"` → 60. */
export function yuanToFen(value: unknown, what = 'amount'): number {
  return scaled(value, 2, what);
}

/** Percent (at most 4 decimals) → ppm: `0.6` (0.6 %) → 6000, `"0.385"` → 3850. */
export function percentToPpm(value: unknown, what = 'rate'): number {
  return scaled(value, 4, what);
}

/** Fen → yuan text with two decimals, as 联动 writes it: 10011 → `"100.11"`. */
export function fenToYuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
