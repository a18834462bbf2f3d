import { describe, expect, it } from 'vitest';
import { inputToFen, inputToRate, money, rateToInput, rateUnit } from './policy-format';

describe('policy form values', () => {
  it('reads back the rate text it shows, in percent or yuan by rate type', () => {
    expect(rateToInput(1, 5300)).toBe('0.53');
    expect(inputToRate(1, '0.53')).toBe(5300);
    expect(inputToRate(1, '0.535')).toBe(5350);
    expect(rateToInput(6, 2100)).toBe('21.00');
    expect(inputToRate(6, '21')).toBe(2100);
    expect(rateUnit(1, 'zh')).toBe('%');
    expect(rateUnit(6, 'zh')).toBe('元');
  });

  it('turns what cannot be read into NaN, for the rules to report', () => {
    expect(inputToRate(1, 'abc')).toBeNaN();
    expect(inputToRate(1, '')).toBeNaN();
    expect(inputToFen('1.234')).toBeNaN();
    expect(inputToFen('-5')).toBeNaN();
    expect(inputToFen('150')).toBe(15000);
  });

  it('shows money in the language of the page', () => {
    expect(money(300, 'zh')).toBe('3.00元');
    expect(money(-300, 'en')).toBe('¥-3.00');
  });
});
