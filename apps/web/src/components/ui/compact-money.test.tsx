import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import '@/lib/i18n';
import { CompactMoney } from './compact-money';

afterEach(cleanup);

describe('CompactMoney', () => {
  it('shows every fen while the amount fits', () => {
    render(<CompactMoney fen={12_345_678} testId="m" />);
    expect(screen.getByTestId('m').textContent).toBe('123,456.78');
    expect(screen.getByTestId('m').getAttribute('aria-label')).toBeNull();
  });
  it('shows a large amount in 万 and keeps the full amount as its name', () => {
    render(<CompactMoney fen={1_234_567_890} prefix="¥" testId="m" />);
    expect(screen.getByTestId('m').textContent).toBe('¥1,234.56万');
    expect(screen.getByTestId('m').getAttribute('aria-label')).toBe('¥12,345,678.90');
  });
});
