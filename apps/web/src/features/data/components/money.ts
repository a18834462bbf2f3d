import { formatMoney } from '@pos/core';

/** Yuan, short enough for a bar label: 12345678 fen -> '12.3万' (or '123.5k' in English). */
export function compactYuan(fen: number, en: boolean): string {
  const yuan = fen / 100;
  if (en) {
    if (Math.abs(yuan) >= 1e6) return `${(yuan / 1e6).toFixed(1)}M`;
    if (Math.abs(yuan) >= 1e3) return `${(yuan / 1e3).toFixed(1)}k`;
    return yuan.toFixed(0);
  }
  if (Math.abs(yuan) >= 1e8) return `${(yuan / 1e8).toFixed(2)}亿`;
  if (Math.abs(yuan) >= 1e4) return `${(yuan / 1e4).toFixed(1)}万`;
  return yuan.toFixed(0);
}

/** Money for a figure: full yuan with two decimals. */
export const money = (fen: number) => formatMoney(fen);

/** Yuan with the sign in front: '-¥0.33', '¥12.00'. */
export const signedYuan = (fen: number) =>
  fen < 0 ? `-¥${formatMoney(-fen)}` : `¥${formatMoney(fen)}`;
