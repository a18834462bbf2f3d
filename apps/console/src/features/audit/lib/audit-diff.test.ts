import { describe, expect, it } from 'vitest';
import { auditDiff, auditSummary, auditValueText, fenToYuan } from './audit-diff';

describe('audit before/after for people', () => {
  it('lists each field once, marks the changed ones, and keeps the unchanged', () => {
    const rows = auditDiff({ status: 0, name: 'A' }, { status: 1, name: 'A', entryId: 9 });
    expect(rows).toEqual([
      { key: 'status', before: 0, after: 1, changed: true },
      { key: 'name', before: 'A', after: 'A', changed: false },
      { key: 'entryId', before: undefined, after: 9, changed: true },
    ]);
    expect(auditDiff(null, { a: 1 })).toEqual([
      { key: 'a', before: undefined, after: 1, changed: true },
    ]);
    expect(auditDiff('old', 'new')).toEqual([
      { key: '', before: 'old', after: 'new', changed: true },
    ]);
  });

  it('shows money fields in yuan, also nested, and never the raw fen', () => {
    expect(fenToYuan(8880)).toBe('88.80');
    expect(fenToYuan(-5)).toBe('-0.05');
    expect(fenToYuan(123456789)).toBe('1,234,567.89');
    expect(auditValueText('amountFen', 8880, 'zh')).toBe('88.80 元');
    expect(auditValueText('amount_fen', 8880, 'en')).toBe('88.80 yuan');
    expect(auditValueText('tiers', [{ minQty: 1, priceFen: 19900 }], 'zh')).toContain(
      '"priceFen": "199.00 元"',
    );
    expect(auditValueText('count', 8880, 'zh')).toBe('8880');
    expect(auditValueText('ok', true, 'en')).toBe('Yes');
    expect(auditValueText('x', null, 'zh')).toBe('—');
    expect(auditValueText('walletType', 'capital_pool', 'zh')).toBe('资金池');
    expect(auditValueText('role', 'finance', 'en')).toBe('Finance');
    expect(auditValueText('status', 2, 'zh', 'withdrawal')).toBe('已到账');
    expect(auditValueText('status', 1, 'en', 'ledger_adjustment')).toBe('Posted');
    expect(auditValueText('status', 1, 'zh')).toBe('1');
  });

  it('sums a record up on one short line, however long its texts', () => {
    const long = '常见问题'.repeat(2000);
    const s = auditSummary(null, { body: long, amountFen: 100 }, 'zh');
    expect(s.length).toBeLessThanOrEqual(120);
    expect(s.endsWith('…')).toBe(true);
    expect(auditSummary({ status: 0 }, { status: 1, amountFen: 250 }, 'zh')).toBe(
      '状态: 1; 金额: 2.50 元',
    );
    expect(auditSummary({ status: 1 }, { status: 2, payoutRef: 'P1' }, 'en', 'withdrawal')).toBe(
      'Status: Paid; Payout ref.: P1',
    );
  });

  it('leaves an empty list out of the summary and writes lists of ids in words', () => {
    expect(auditSummary(null, { mobile: null, ids: [] }, 'zh')).toBe('');
    expect(auditSummary(null, { mobile: '13800000000', ids: [] }, 'en')).toBe(
      'Mobile: 13800000000',
    );
    expect(auditSummary(null, { ids: [3, 5] }, 'zh')).toBe('记录编号: 3, 5');
    expect(auditValueText('ids', [], 'en')).toBe('—');
  });
});
