import { formatMoney } from '@pos/core';

/** An amount in fen as yuan, signed when asked, coloured by sign. */
export function Money({
  fen,
  signed = false,
  className,
}: {
  fen: number | null | undefined;
  signed?: boolean;
  className?: string;
}) {
  const value = fen ?? 0;
  const sign = signed && value > 0 ? '+' : '';
  const tone = !signed ? '' : value > 0 ? 'wallet-plus' : value < 0 ? 'wallet-minus' : '';
  return (
    <span
      className={`wallet-money ${tone} ${className ?? ''}`}
    >{`${sign}${formatMoney(value)}`}</span>
  );
}
