import { describe, expect, it } from 'vitest';
import { reviewState } from './four-eyes';

describe('four eyes: who may decide a proposal', () => {
  it('another operator whose role decides gets approve and reject', () => {
    expect(reviewState({ pending: true, allowed: true, proposedBy: 7 }, 9)).toBe('decide');
  });

  it('the proposer only waits for a second operator, with or without the role to decide', () => {
    expect(reviewState({ pending: true, allowed: true, proposedBy: 7 }, 7)).toBe('own');
    expect(reviewState({ pending: true, allowed: false, proposedBy: 7 }, 7)).toBe('own');
  });

  it('a decided proposal, or a viewer whose role does not decide, offers nothing', () => {
    expect(reviewState({ pending: false, allowed: true, proposedBy: 7 }, 9)).toBe('none');
    expect(reviewState({ pending: false, allowed: true, proposedBy: 7 }, 7)).toBe('none');
    expect(reviewState({ pending: true, allowed: false, proposedBy: 7 }, 9)).toBe('none');
  });
});
