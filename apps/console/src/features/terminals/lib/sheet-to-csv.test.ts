/// <reference types="node" />
import path from 'node:path';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { rowsToCsv } from './sheet-to-csv';

const FIXTURE = path.resolve(__dirname, '../../../../../../e2e/fixtures/terminals.xlsx');

describe('terminal import from Excel', () => {
  it('turns the first sheet of an .xlsx into the CSV the import preview reads', async () => {
    const csv = rowsToCsv(await readSheet(FIXTURE));
    expect(csv.split('\n')).toEqual([
      'sn,brand,model',
      'XLS0000001,联迪,E350',
      'XLS0000002,联迪,E350',
      'XLS0000003,联迪,E350',
    ]);
  });

  it('quotes cells that need it, writes dates as days and drops blank rows', () => {
    const csv = rowsToCsv([
      ['sn', 'brand', 'model', 'policy'],
      ['A1', '联迪, 新', 'say "hi"', null],
      [null, '', undefined],
      [12345678, '新大陆', 'N910', new Date('2026-11-25T00:00:00Z')],
    ]);
    expect(csv).toBe(
      'sn,brand,model,policy\nA1,"联迪, 新","say ""hi""",\n12345678,新大陆,N910,2026-11-25',
    );
  });
});
