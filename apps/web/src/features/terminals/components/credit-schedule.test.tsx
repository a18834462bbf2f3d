import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '@/lib/i18n';
import { CreditSchedule } from './credit-schedule';
import { readUnitPrice } from './credit-terms';

afterEach(() => {
  cleanup();
  setLang('zh');
});

const schedule = [
  { seq: 1, dueDay: '2026-11-28', amountFen: 3334 },
  { seq: 2, dueDay: '2026-11-29', amountFen: 3333 },
  { seq: 3, dueDay: '2026-11-30', amountFen: 3333 },
];

describe('CreditSchedule', () => {
  it('marks deducted only the instalments the paid total covers, in order', () => {
    render(<CreditSchedule schedule={schedule} paidFen={5000} />);
    const items = screen.getByTestId('credit-schedule').querySelectorAll('.adm-list-item');
    expect([...items].map((i) => i.textContent)).toEqual([
      '第1期2026-11-28¥33.34 已扣',
      '第2期2026-11-29¥33.33 待扣',
      '第3期2026-11-30¥33.33 待扣',
    ]);
  });

  it('before acceptance names each instalment by its day from acceptance, in English too', () => {
    setLang('en');
    render(<CreditSchedule schedule={schedule.map((i) => ({ ...i, dueDay: null }))} />);
    const text = screen.getByTestId('credit-schedule').textContent ?? '';
    expect(text).toContain('Instalment 3');
    expect(text).toContain('Day 3 from acceptance');
    expect(text).not.toContain('Deducted');
  });
});

describe('readUnitPrice', () => {
  it('reads yuan with at most two decimals into fen, and nothing else', () => {
    expect(readUnitPrice('199.99')).toBe(19_999);
    expect(readUnitPrice('1,000')).toBe(100_000);
    expect(readUnitPrice('0')).toBeNull();
    expect(readUnitPrice('-5')).toBeNull();
    expect(readUnitPrice('1.234')).toBeNull();
    expect(readUnitPrice('abc')).toBeNull();
  });
});
