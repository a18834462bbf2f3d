import { snRuns } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { runText, snRunsText } from './sn-runs-text';

describe('an operation SNs in a table cell', () => {
  it('writes runs of consecutive SNs as ranges and lone SNs alone', () => {
    const runs = snRuns(['LD00000001', 'LD00000002', 'LD00000003', 'LD00000009']);
    expect(runs.map(runText)).toEqual(['LD00000001 ~ LD00000003', 'LD00000009']);
    expect(snRunsText(runs, runs.length, 'zh')).toBe('LD00000001 ~ LD00000003、LD00000009');
  });

  it('says how many more runs there are beyond the ones shown', () => {
    const runs = snRuns(['A1', 'A3', 'A5', 'A7']);
    expect(snRunsText(runs, 12, 'en')).toBe('A1, A3 and 10 more');
    expect(snRunsText(runs, 12, 'zh')).toBe('A1、A3 等 12 段');
  });
});
