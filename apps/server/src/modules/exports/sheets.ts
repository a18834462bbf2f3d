import {
  bindStatusOptions,
  ledgerInfoTypeLabel,
  walletTypeLabel,
  withdrawalStatusLabel,
  type ExportKind,
  type LedgerLine,
  type Lang,
  type MerchantListItem,
  type TerminalListItem,
  type Withdrawal,
} from '@pos/core';

/**
 * The columns of each export, in both languages, and what each cell holds. A cell is typed by
 * its column, never by what a value looks like: text stays text (an .xlsx text cell is never
 * run as a formula, so "=1+2" is inert without the CSV's quote), counts are numbers, money is
 * yuan with two decimals as a number a spreadsheet can add up, and a moment is a date cell
 * showing Asia/Shanghai time (the time the app shows; the header says 北京时间).
 */
export type SheetColumn<R> =
  | { zh: string; en: string; width?: number; type: 'text'; value: (row: R) => string | null }
  | { zh: string; en: string; width?: number; type: 'number'; value: (row: R) => number | null }
  | { zh: string; en: string; width?: number; type: 'fen'; value: (row: R) => number | null }
  | { zh: string; en: string; width?: number; type: 'time'; value: (row: R) => string | null };

const SHANGHAI_OFFSET_MS = 8 * 3600_000;

/** The cell value of a column for a row, as the writer takes it. */
export function cellOf<R>(column: SheetColumn<R>, row: R): string | number | Date | null {
  switch (column.type) {
    case 'fen': {
      const fen = column.value(row);
      // Integer fen to yuan: the nearest double to n/100, shown with two decimals (numFmt).
      return fen === null ? null : fen / 100;
    }
    case 'time': {
      const at = column.value(row);
      if (!at) return null;
      const ms = Date.parse(at);
      // A spreadsheet date has no zone: the wall-clock time in Shanghai is written.
      return Number.isNaN(ms) ? at : new Date(ms + SHANGHAI_OFFSET_MS);
    }
    default:
      return column.value(row);
  }
}

export const numFmtOf = (type: SheetColumn<unknown>['type']) =>
  type === 'fen' ? '#,##0.00' : type === 'time' ? 'yyyy-mm-dd hh:mm:ss' : undefined;

export const headerOf = <R>(column: SheetColumn<R>, lang: Lang) =>
  column.type === 'time'
    ? `${lang === 'en' ? column.en : column.zh}${lang === 'en' ? ' (Beijing time)' : '（北京时间）'}`
    : column.type === 'fen'
      ? `${lang === 'en' ? column.en : column.zh}${lang === 'en' ? ' (yuan)' : '（元）'}`
      : lang === 'en'
        ? column.en
        : column.zh;

const yesNo = (v: boolean, lang: Lang) => (lang === 'en' ? (v ? 'Yes' : 'No') : v ? '是' : '否');

const bindStatus = (v: number, lang: Lang) => {
  const o = bindStatusOptions.find((s) => s.value === v);
  return o ? o[lang] : String(v);
};

const LICENCE: Record<number, { zh: string; en: string }> = {
  0: { zh: '未补充', en: 'Not supplied' },
  1: { zh: '审核中', en: 'Under review' },
  2: { zh: '已通过', en: 'Approved' },
  3: { zh: '已驳回', en: 'Rejected' },
};
const IDENTIFY: Record<number, { zh: string; en: string }> = {
  0: { zh: '未认证', en: 'Not verified' },
  1: { zh: '已认证', en: 'Verified' },
  2: { zh: '认证失败', en: 'Failed' },
};
const word = (table: Record<number, { zh: string; en: string }>, v: number, lang: Lang) =>
  table[v]?.[lang] ?? String(v);

/** A column of each type: its header in both languages, its width, and what a row puts in it. */
const text = <R>(zh: string, en: string, width: number, value: (row: R) => string | null) =>
  ({ zh, en, width, type: 'text', value }) satisfies SheetColumn<R>;
const count = <R>(zh: string, en: string, width: number, value: (row: R) => number | null) =>
  ({ zh, en, width, type: 'number', value }) satisfies SheetColumn<R>;
const fen = <R>(zh: string, en: string, width: number, value: (row: R) => number | null) =>
  ({ zh, en, width, type: 'fen', value }) satisfies SheetColumn<R>;
const time = <R>(zh: string, en: string, width: number, value: (row: R) => string | null) =>
  ({ zh, en, width, type: 'time', value }) satisfies SheetColumn<R>;

export function terminalColumns(lang: Lang): SheetColumn<TerminalListItem>[] {
  return [
    text('SN', 'SN', 22, (t) => t.sn),
    text('品牌', 'Brand', 14, (t) => t.brandName),
    text('型号', 'Model', 14, (t) => t.model),
    text('状态', 'Status', 10, (t) => bindStatus(t.bindStatus, lang)),
    text('持有人', 'Holder', 14, (t) => t.holderName),
    text('商户', 'Merchant', 20, (t) => t.merchantName),
    time('绑定时间', 'Bound at', 20, (t) => t.boundAt),
    time('激活时间', 'Activated at', 20, (t) => t.activatedAt),
    time('激活截止', 'Activation deadline', 20, (t) => t.activationDeadline),
    text('回拨待确认', 'Recall waiting', 10, (t) => yesNo(t.pending, lang)),
  ];
}

export function merchantColumns(lang: Lang): SheetColumn<MerchantListItem>[] {
  return [
    text('商户编号', 'Merchant no.', 18, (m) => m.merchantNo),
    text('商户名称', 'Name', 22, (m) => m.name),
    text('法人', 'Legal person', 10, (m) => m.legalName),
    text('手机号', 'Mobile', 14, (m) => m.mobile),
    text('所属代理', 'Agent', 14, (m) => m.agentName),
    count('终端数', 'Terminals', 8, (m) => m.terminalCount),
    count('已激活', 'Activated', 8, (m) => m.activatedCount),
    text('营业执照', 'Licence', 12, (m) => word(LICENCE, m.licenceStatus, lang)),
    text('实名认证', 'Identity', 12, (m) => word(IDENTIFY, m.identifyStatus, lang)),
    time('入网时间', 'Joined at', 20, (m) => m.createdAt),
  ];
}

export function earningColumns(lang: Lang): SheetColumn<LedgerLine>[] {
  return [
    time('时间', 'Time', 20, (l) => l.createdAt),
    text('钱包', 'Wallet', 12, (l) => walletTypeLabel(l.walletType, lang)),
    text('类型', 'Type', 16, (l) => ledgerInfoTypeLabel(l.infoType, lang)),
    fen('金额', 'Amount', 12, (l) => l.amountFen),
    fen('交易金额', 'Trade amount', 12, (l) => l.volumeFen),
    text('来源', 'Source', 22, (l) => l.source),
    fen('余额', 'Balance after', 12, (l) => l.balanceAfterFen),
  ];
}

export function withdrawalColumns(lang: Lang): SheetColumn<Withdrawal>[] {
  return [
    time('申请时间', 'Applied at', 20, (w) => w.createdAt),
    text('钱包', 'Wallet', 12, (w) => walletTypeLabel(w.walletType, lang)),
    fen('提现金额', 'Amount', 12, (w) => w.amountFen),
    fen('手续费', 'Fee', 10, (w) => w.feeFen),
    fen('税费', 'Tax', 10, (w) => w.taxFen),
    fen('到账金额', 'Paid out', 12, (w) => w.netFen),
    text('户名', 'Account holder', 12, (w) => w.holderName),
    text('银行', 'Bank', 16, (w) => w.bankName),
    text('卡号', 'Card', 22, (w) => w.cardMasked),
    text('状态', 'Status', 10, (w) => withdrawalStatusLabel(w.status, lang)),
    text('原因', 'Reason', 20, (w) => w.reason),
    time('审核时间', 'Reviewed at', 20, (w) => w.reviewedAt),
    time('完成时间', 'Finished at', 20, (w) => w.finishedAt),
  ];
}

/** Each kind's sheet name in both languages. */
export const SHEET_NAMES: Record<ExportKind, { zh: string; en: string }> = {
  terminals: { zh: '终端', en: 'Terminals' },
  merchants: { zh: '商户', en: 'Merchants' },
  earnings: { zh: '收益明细', en: 'Earnings' },
  withdrawals: { zh: '提现记录', en: 'Withdrawals' },
};
