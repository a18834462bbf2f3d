import { describe, expect, it } from 'vitest';
import {
  csvFen,
  csvHeader,
  csvNumber,
  csvRow,
  csvText,
  csvTime,
  type CsvColumn,
} from '../src/lib/csv';

describe('the CSV cell writer', () => {
  it('prefixes every text cell a spreadsheet would run as a formula with a single quote', () => {
    expect(csvText(`-2+3+cmd|' /C calc'!A0`)).toBe(`'-2+3+cmd|' /C calc'!A0`);
    expect(csvText('=1+1')).toBe(`'=1+1`);
    expect(csvText('@SUM(A1)')).toBe(`'@SUM(A1)`);
    expect(csvText('+1')).toBe(`'+1`);
    expect(csvText('-1')).toBe(`'-1`);
    expect(csvText('\tx')).toBe(`'\tx`);
    // A carriage return also makes the cell quoted.
    expect(csvText('\rx')).toBe(`"'\rx"`);
    expect(csvText('＝1+1')).toBe(`'＝1+1`);
  });

  it('quotes commas, quotes and line breaks, after the prefix', () => {
    expect(csvText('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('a\nb')).toBe('"a\nb"');
    expect(csvText('普通文本 1-2')).toBe('普通文本 1-2');
    expect(csvText(null)).toBe('');
    expect(csvText(undefined)).toBe('');
  });

  it('writes numeric columns as plain numbers, negative ones included', () => {
    expect(csvNumber(-42)).toBe('-42');
    expect(csvNumber(12n)).toBe('12');
    expect(csvNumber(null)).toBe('');
    expect(csvFen(-250)).toBe('-2.50');
    expect(csvFen(-5)).toBe('-0.05');
    expect(csvFen(0)).toBe('0.00');
    expect(csvFen(123456789012)).toBe('1234567890.12');
    expect(csvFen(-900719925474099n)).toBe('-9007199254740.99');
  });

  it('escapes what reaches a numeric column without being a number', () => {
    expect(csvNumber('-2+3+cmd' as unknown as number)).toBe(`'-2+3+cmd`);
    expect(csvNumber(Number.NaN)).toBe('NaN');
    expect(csvFen('=1+1' as unknown as number)).toBe(`'=1+1`);
    expect(csvFen(1.5)).toBe('1.5');
  });

  it('types each cell from its column, not from how the value looks', () => {
    interface Row {
      id: number;
      memo: string;
      amountFen: number;
    }
    const columns: CsvColumn<Row>[] = [
      { header: 'ID', type: 'number', value: (r) => r.id },
      { header: '=备注', value: (r) => r.memo },
      { header: '金额(元)', type: 'fen', value: (r) => r.amountFen },
    ];
    expect(csvHeader(columns)).toBe(`ID,'=备注,金额(元)`);
    expect(csvRow(columns, { id: 7, memo: '-2.50', amountFen: -250 })).toBe(`7,'-2.50,-2.50`);
  });
});

describe('time columns', () => {
  it('write moments as YYYY-MM-DD HH:mm:ss in Asia/Shanghai, across the UTC day boundary', () => {
    expect(csvTime('2026-11-27T17:41:09.423Z')).toBe('2026-11-28 01:41:09');
    expect(csvTime(new Date('2026-01-01T00:00:00Z'))).toBe('2026-01-01 08:00:00');
    expect(csvTime(null)).toBe('');
    expect(csvTime('')).toBe('');
    expect(csvTime('=1+1')).toBe(`'=1+1`);
    const columns: CsvColumn<{ at: string }>[] = [
      { header: '时间(北京时间)', type: 'time', value: (r) => r.at },
    ];
    expect(csvRow(columns, { at: '2026-11-27T15:59:59.999Z' })).toBe('2026-11-27 23:59:59');
  });
});
