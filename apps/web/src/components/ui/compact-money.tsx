import { formatMoney, formatMoneyCompact } from '@pos/core';
import { useLang } from '@/lib/use-lang';

/**
 * An amount for a narrow cell: every fen while it fits in maxChars, otherwise in 万/亿 (K/M/B in
 * English) cut towards zero, with the full amount as its accessible name and tooltip so nothing
 * is hidden behind an ellipsis.
 */
export function CompactMoney({
  fen,
  maxChars = 10,
  prefix = '',
  className,
  testId,
}: {
  fen: number | bigint | null | undefined;
  maxChars?: number;
  prefix?: string;
  className?: string;
  testId?: string;
}) {
  const lang = useLang();
  const text = formatMoneyCompact(fen, lang, maxChars - prefix.length);
  const full = formatMoney(fen);
  const compact = text !== full;
  return (
    <span
      className={className}
      data-testid={testId}
      title={compact ? `${prefix}${full}` : undefined}
      aria-label={compact ? `${prefix}${full}` : undefined}
    >
      {prefix}
      {text}
    </span>
  );
}

/** The same rule as a string, for places that format through a function. */
export function useCompactMoney(maxChars = 10) {
  const lang = useLang();
  return (fen: number | bigint | null | undefined, prefix = '') =>
    `${prefix}${formatMoneyCompact(fen, lang, maxChars - prefix.length)}`;
}
