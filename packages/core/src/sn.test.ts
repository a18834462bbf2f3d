import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_BATCH_SNS,
  checkSnArray,
  expandSnRange,
  normalizeSn,
  parseSnList,
  parseSnRange,
  parseSnSelection,
  snRuns,
  splitSn,
} from './sn';

describe('parseSnList', () => {
  it('reads SNs separated by new lines, spaces, commas and semicolons, in upper case', () => {
    const r = parseSnList(
      ' p1000000001\nP1000000002, P1000000003，P1000000004;P1000000005 、P1000000006 ',
    );
    expect(r).toEqual({
      ok: true,
      value: [
        'P1000000001',
        'P1000000002',
        'P1000000003',
        'P1000000004',
        'P1000000005',
        'P1000000006',
      ],
    });
  });
  it('names a duplicate SN, whatever its case', () => {
    expect(parseSnList('P1000000001\np1000000001')).toEqual({
      ok: false,
      error: 'SN P1000000001 重复',
    });
  });
  it('names a malformed SN', () => {
    const r = parseSnList('P1000000001 P10-0001');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain('P10-0001');
    expect(parseSnList('ABC').ok).toBe(false);
    expect(parseSnList('A'.repeat(33)).ok).toBe(false);
  });
  it('refuses an empty list and a list over the limit', () => {
    expect(parseSnList('  \n ')).toEqual({ ok: false, error: '请输入终端SN' });
    const many = Array.from(
      { length: MAX_BATCH_SNS + 1 },
      (_, i) => `SN${String(i).padStart(8, '0')}`,
    );
    expect(parseSnList(many.join('\n'))).toEqual({ ok: false, error: '一次最多操作10000台终端' });
    expect(parseSnList(many.slice(0, MAX_BATCH_SNS).join('\n')).ok).toBe(true);
  });
  it('checkSnArray applies the same rules to an array', () => {
    expect(checkSnArray(['ab0001', 'AB0002'])).toEqual({ ok: true, value: ['AB0001', 'AB0002'] });
    expect(checkSnArray(['AB0001', 'ab0001'])).toEqual({ ok: false, error: 'SN AB0001 重复' });
    expect(checkSnArray([]).ok).toBe(false);
  });
});

describe('splitSn', () => {
  it('splits the trailing digits, at most 18 of them', () => {
    expect(splitSn('P1000000123')).toEqual({ prefix: 'P', digits: '1000000123' });
    expect(splitSn('N9X0012')).toEqual({ prefix: 'N9X', digits: '0012' });
    expect(splitSn('ABCD')).toBeNull();
    expect(splitSn('P' + '1'.repeat(20))).toEqual({ prefix: 'P11', digits: '1'.repeat(18) });
  });
});

describe('parseSnRange', () => {
  it('reads a range with its prefix, width and count', () => {
    const r = parseSnRange('p1000000100', 'P1000000199');
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toMatchObject({
      prefix: 'P',
      width: 10,
      count: 100,
      startSn: 'P1000000100',
      endSn: 'P1000000199',
    });
    const all = expandSnRange(r.value);
    expect(all).toHaveLength(100);
    expect(all[0]).toBe('P1000000100');
    expect(all[99]).toBe('P1000000199');
  });
  it('keeps leading zeros', () => {
    const r = parseSnRange('LD00000009', 'LD00000011');
    expect(r.ok && expandSnRange(r.value)).toEqual(['LD00000009', 'LD00000010', 'LD00000011']);
  });
  it('one SN twice is a range of one', () => {
    const r = parseSnRange('LD00000009', 'LD00000009');
    expect(r.ok && r.value.count).toBe(1);
  });
  it('refuses ranges across prefixes', () => {
    expect(parseSnRange('LD00000001', 'XN00000010')).toEqual({
      ok: false,
      error: '起止SN前缀不一致：LD00000001 与 XN00000010，号段不能跨前缀',
    });
    const r = parseSnRange('LDA0000001', 'LDB0000010');
    expect(r.ok).toBe(false);
  });
  it('refuses different widths, reversed ranges, missing ends and SNs without digits', () => {
    expect(parseSnRange('LD001', 'LD0010')).toEqual({ ok: false, error: '起止SN长度不一致' });
    expect(parseSnRange('LD0010', 'LD0001')).toEqual({ ok: false, error: '结束SN不能小于起始SN' });
    expect(parseSnRange('', 'LD0001')).toEqual({ ok: false, error: '请输入起始SN' });
    expect(parseSnRange('LD0001', ' ')).toEqual({ ok: false, error: '请输入结束SN' });
    expect(parseSnRange('LDABCD', 'LDABCE').ok).toBe(false);
    expect(parseSnRange('LD-01', 'LD-09').ok).toBe(false);
  });
  it('refuses a range over 10,000 terminals and accepts exactly 10,000', () => {
    expect(parseSnRange('LD00000001', 'LD00010001')).toEqual({
      ok: false,
      error: '号段包含10001台终端，一次最多10000台，请缩小号段',
    });
    expect(parseSnRange('LD00000001', 'LD00010000').ok).toBe(true);
    expect(parseSnRange('LD000000000000000001', 'LD999999999999999999').ok).toBe(false);
  });
  it('expands to exactly count SNs with the prefix and width, in order (property)', () => {
    fc.assert(
      fc.property(
        fc.stringMatching(/^[A-Z]{1,4}$/),
        fc.integer({ min: 4, max: 12 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 300 }),
        (prefix, width, start, span) => {
          const max = 10 ** width - 1;
          fc.pre(start + span <= max);
          const a = prefix + String(start).padStart(width, '0');
          const b = prefix + String(start + span).padStart(width, '0');
          const r = parseSnRange(a, b);
          if (!r.ok) return false;
          const all = expandSnRange(r.value);
          return (
            all.length === span + 1 &&
            all[0] === a &&
            all[all.length - 1] === b &&
            all.every((sn) => sn.length === a.length && sn.startsWith(prefix)) &&
            all.every((sn, i) => i === 0 || sn > all[i - 1]!)
          );
        },
      ),
    );
  });
});

describe('parseSnSelection', () => {
  it('takes either a list or a range, not both', () => {
    expect(parseSnSelection({ sns: ['LD0001'] })).toEqual({
      ok: true,
      value: { kind: 'list', sns: ['LD0001'] },
    });
    const r = parseSnSelection({ startSn: 'LD0001', endSn: 'LD0003' });
    expect(r.ok && r.value.kind).toBe('range');
    expect(parseSnSelection({ sns: ['LD0001'], startSn: 'LD0001', endSn: 'LD0003' }).ok).toBe(
      false,
    );
    expect(parseSnSelection({})).toEqual({ ok: false, error: '请输入终端SN' });
  });
  it('normalizeSn trims and upper-cases', () => {
    expect(normalizeSn('  ab12 ')).toBe('AB12');
  });
});

describe('snFromScan', () => {
  it('reads a bare SN, an sn= parameter, or the last code in a label', async () => {
    const { snFromScan } = await import('./sn');
    expect(snFromScan(' ld00000001 ')).toBe('LD00000001');
    expect(snFromScan('https://pos.example.com/bind?sn=XN00000701&from=box')).toBe('XN00000701');
    expect(snFromScan('SN:LD00001234')).toBe('LD00001234');
    expect(snFromScan('--')).toBeNull();
  });
});

describe('snRuns', () => {
  it('shows a range only for consecutive SNs, in order', () => {
    expect(snRuns(['LD00001800', 'LD00001797', 'LD00001798'])).toEqual([
      { first: 'LD00001797', last: 'LD00001798', count: 2 },
      { first: 'LD00001800', last: 'LD00001800', count: 1 },
    ]);
    expect(snRuns(['A9', 'A10'])).toEqual([
      { first: 'A9', last: 'A9', count: 1 },
      { first: 'A10', last: 'A10', count: 1 },
    ]);
    expect(snRuns(['B3', 'A1', 'A2', 'A2'])).toEqual([
      { first: 'A1', last: 'A2', count: 2 },
      { first: 'B3', last: 'B3', count: 1 },
    ]);
  });

  it('covers every SN exactly once, each run really contiguous', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: 300 }), { maxLength: 60 }), (nums) => {
        const sns = nums.map((n) => `LD${String(n).padStart(8, '0')}`);
        const runs = snRuns(sns);
        expect(runs.reduce((s, r) => s + r.count, 0)).toBe(sns.length);
        for (const r of runs) {
          const a = Number(r.first.slice(2));
          const b = Number(r.last.slice(2));
          expect(b - a + 1).toBe(r.count);
          for (let n = a; n <= b; n++) expect(nums).toContain(n);
        }
        // Runs are in order and never touch: otherwise they would be one.
        for (let i = 1; i < runs.length; i++)
          expect(Number(runs[i]!.first.slice(2))).toBeGreaterThan(
            Number(runs[i - 1]!.last.slice(2)) + 1,
          );
      }),
    );
  });
});
