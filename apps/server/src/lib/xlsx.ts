import { PassThrough } from 'node:stream';
import { XLSX_MIME } from '@pos/core';
import ExcelJS from 'exceljs';
import type { CsvColumn } from './csv';

/**
 * The console's list downloads as an .xlsx sheet (decision 038), from the same typed columns as
 * its CSV: text as text cells (never evaluated, so no quote is needed against formulas), counts
 * and ids as numbers, fen as yuan numbers shown with two decimals, moments as date cells holding
 * the Asia/Shanghai wall-clock time. Rows are written to the response as they are read, through
 * exceljs's streaming writer.
 */

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

function cellOf<R>(column: CsvColumn<R>, row: R): string | number | Date | null {
  switch (column.type) {
    case 'number': {
      const v = column.value(row);
      if (v === null || v === undefined) return null;
      return typeof v === 'bigint' ? Number(v) : v;
    }
    case 'fen': {
      const v = column.value(row);
      if (v === null || v === undefined) return null;
      return Number(v) / 100;
    }
    case 'time': {
      const v = column.value(row);
      if (v === null || v === undefined || v === '') return null;
      const ms = v instanceof Date ? v.getTime() : Date.parse(v);
      return Number.isNaN(ms) ? String(v) : new Date(ms + SHANGHAI_OFFSET_MS);
    }
    default:
      return column.value(row) ?? null;
  }
}

const numFmtOf = (type: CsvColumn<unknown>['type']) =>
  type === 'fen' ? '#,##0.00' : type === 'time' ? 'yyyy-mm-dd hh:mm:ss' : undefined;

export interface SheetStream<R> {
  /** The bytes as they are made: hand it to the response. */
  stream: PassThrough;
  add: (row: R) => void;
  /** A line of its own after the rows (a truncation note). */
  note: (text: string) => void;
  done: () => Promise<void>;
}

/** A one-sheet workbook written as its rows come. */
export function sheetStream<R>(columns: CsvColumn<R>[], name = 'Sheet1'): SheetStream<R> {
  const stream = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = book.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c, i) => {
    const numFmt = numFmtOf(c.type);
    return {
      key: String(i),
      width: c.type === 'time' ? 20 : 16,
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = sheet.addRow(columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  return {
    stream,
    add: (row) => sheet.addRow(columns.map((c) => cellOf(c, row))).commit(),
    note: (text) => sheet.addRow([text]).commit(),
    done: async () => {
      sheet.commit();
      await book.commit();
    },
  };
}

export { XLSX_MIME };
