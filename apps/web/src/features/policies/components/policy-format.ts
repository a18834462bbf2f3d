import {
  enumLabel,
  fenToYuanText,
  formatDate,
  formatMoney,
  isCapRateType,
  percentTextToPpm,
  ppmToPercentText,
  rateValueText,
  yuanToFen,
  type Lang,
} from '@pos/core';

/** Display helpers of the policies screens; every figure comes from the core formatters. */

export const rateLabel = (rateType: number, lang: Lang) => enumLabel('rate_type', rateType, lang);

/** A rate of a type: '0.60%', or '25.00元' for the debit-card cap. */
export const rateText = (rateType: number, value: number, lang: Lang) =>
  rateValueText(rateType, value, lang);

export const money = (fen: number, lang: Lang) =>
  lang === 'en' ? `¥${formatMoney(fen)}` : `${formatMoney(fen)}元`;

export const dateTime = (iso: string | null | undefined) =>
  iso ? formatDate(iso, 'yyyy-mm-dd hh:MM') : '';

/** The text a rate input starts with: '0.53' for 5300 ppm, '21.00' for a 2100 fen cap. */
export function rateToInput(rateType: number, value: number): string {
  return isCapRateType(rateType) ? fenToYuanText(value) : ppmToPercentText(value).replace(/%$/, '');
}

/** What the user typed as a rate: ppm, fen for the cap, or NaN when it cannot be read. */
export function inputToRate(rateType: number, text: string): number {
  if (isCapRateType(rateType)) return inputToFen(text);
  const ppm = percentTextToPpm(text);
  return ppm === null ? Number.NaN : ppm;
}

export const fenToInput = (fen: number) => fenToYuanText(fen);

/** Yuan text to fen, or NaN when it is not an amount of at most two decimals. */
export function inputToFen(text: string): number {
  try {
    const fen = yuanToFen(text);
    return fen < 0n ? Number.NaN : Number(fen);
  } catch {
    return Number.NaN;
  }
}

/** The unit shown after a rate input. */
export const rateUnit = (rateType: number, lang: Lang) =>
  isCapRateType(rateType) ? (lang === 'en' ? 'yuan' : '元') : '%';
