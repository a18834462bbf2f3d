import { isCapRateType } from '@pos/core';

/**
 * Rates travel in ppm and the debit-card cap in fen; operators type percentages and yuan. These
 * convert one way and back, whole numbers only on the wire.
 */
export const rateToInput = (rateType: number, value: number) =>
  isCapRateType(rateType) ? value / 100 : value / 10_000;

export const inputToRate = (rateType: number, value: number) =>
  Math.round(isCapRateType(rateType) ? value * 100 : value * 10_000);

export const rateUnit = (rateType: number, lang: 'zh' | 'en') =>
  isCapRateType(rateType) ? (lang === 'zh' ? '元' : 'yuan') : '%';

export const fenToYuan = (fen: number) => fen / 100;
export const yuanToFen = (yuan: number) => Math.round(yuan * 100);
