import type { SnRun } from '@pos/core';

/** One run as the app writes it: 'LD00000001 ~ LD00000010', a single SN alone. */
export const runText = (r: SnRun) => (r.count > 1 ? `${r.first} ~ ${r.last}` : r.first);

/**
 * An operation's SNs for a table cell: its first runs, and how many more there are (the rest are
 * in the detail), in the page's language.
 */
export function snRunsText(
  runs: readonly SnRun[],
  runCount: number,
  lang: 'zh' | 'en',
  shown = 2,
): string {
  const head = runs
    .slice(0, shown)
    .map(runText)
    .join(lang === 'zh' ? '、' : ', ');
  const more = runCount - Math.min(shown, runs.length);
  if (more <= 0) return head;
  return lang === 'zh' ? `${head} 等 ${runCount} 段` : `${head} and ${more} more`;
}
