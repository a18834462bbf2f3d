/**
 * An audit record's before and after as rows an operator reads: one row per field, the changed
 * ones marked, money (any field named …Fen / …_fen, the ledger's integer fen) in yuan, and the
 * rest in words or as readable JSON.
 */
import {
  mallOrderStatusOptions,
  roleLabels,
  walletTypeLabel,
  withdrawalStatusOptions,
  type Role,
} from '@pos/core';

export type Lang = 'zh' | 'en';

/** Names of the fields records most often hold; others show as written. */
const FIELD_LABELS: Record<string, { zh: string; en: string }> = {
  agentId: { zh: '代理商', en: 'Agent' },
  walletType: { zh: '钱包', en: 'Wallet' },
  amountFen: { zh: '金额', en: 'Amount' },
  feeFen: { zh: '手续费', en: 'Fee' },
  reason: { zh: '原因', en: 'Reason' },
  status: { zh: '状态', en: 'Status' },
  entryId: { zh: '记账凭证', en: 'Ledger entry' },
  payoutRef: { zh: '打款流水', en: 'Payout ref.' },
  role: { zh: '角色', en: 'Role' },
  name: { zh: '名称', en: 'Name' },
  mobile: { zh: '手机号', en: 'Mobile' },
  level: { zh: '等级', en: 'Level' },
  count: { zh: '数量', en: 'Count' },
  title: { zh: '标题', en: 'Title' },
  body: { zh: '正文', en: 'Text' },
  value: { zh: '取值', en: 'Value' },
  ids: { zh: '记录编号', en: 'Record ids' },
  content: { zh: '内容', en: 'Content' },
  fileName: { zh: '文件名', en: 'File name' },
  rows: { zh: '行数', en: 'Rows' },
  sizeBytes: { zh: '大小（字节）', en: 'Size (bytes)' },
  granted: { zh: '额度', en: 'Quota' },
  used: { zh: '已用', en: 'Used' },
  identifyStatus: { zh: '实名状态', en: 'Identity status' },
  licenceStatus: { zh: '执照状态', en: 'Licence status' },
  models: { zh: '型号', en: 'Models' },
  period: { zh: '期间', en: 'Period' },
  terminalId: { zh: '终端', en: 'Terminal' },
  sn: { zh: 'SN', en: 'SN' },
  flag: { zh: '异常', en: 'Flag' },
  version: { zh: '版本', en: 'Version' },
  kind: { zh: '类型', en: 'Kind' },
  policyId: { zh: '政策', en: 'Policy' },
  terms: { zh: '条款', en: 'Terms' },
  proposedBy: { zh: '发起人', en: 'Proposed by' },
  mustChangePassword: { zh: '须改密码', en: 'Must change password' },
  isSpecificAccount: { zh: '专属账户', en: 'Dedicated account' },
  priceTiers: { zh: '阶梯价', en: 'Price tiers' },
  what: { zh: '内容', en: 'What' },
};

/** What a record's `status` means, by the kind of thing it is about. */
const STATUS_WORDS: Record<string, readonly { value: number; zh: string; en: string }[]> = {
  withdrawal: withdrawalStatusOptions,
  mall_order: mallOrderStatusOptions,
  ledger_adjustment: [
    { value: 0, zh: '待复核', en: 'To check' },
    { value: 1, zh: '已入账', en: 'Posted' },
    { value: 2, zh: '已驳回', en: 'Rejected' },
  ],
};

/** A field's name in words when it is a common one, else as the record wrote it. */
export const fieldLabel = (key: string, lang: Lang) => FIELD_LABELS[key]?.[lang] ?? key;

export interface DiffRow {
  /** The field's name; '' when the record holds a single value, not an object. */
  key: string;
  before: unknown;
  after: unknown;
  changed: boolean;
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export const isMoneyKey = (key: string) => /(Fen|_fen)$/.test(key) || key === 'fen';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Field by field when both sides are objects (or absent); one row otherwise. */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const b = before ?? null;
  const a = after ?? null;
  if ((b === null || isPlainObject(b)) && (a === null || isPlainObject(a))) {
    const keys = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
    return keys.map((key) => {
      const bv = b === null ? undefined : b[key];
      const av = a === null ? undefined : a[key];
      return { key, before: bv, after: av, changed: !same(bv, av) };
    });
  }
  return [{ key: '', before: b, after: a, changed: !same(b, a) }];
}

/** Fen as yuan with two decimals, exactly: 8880 -> '88.80'. */
export function fenToYuan(fen: number): string {
  const neg = fen < 0;
  const abs = Math.abs(Math.trunc(fen));
  return `${neg ? '-' : ''}${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
}

/** Money fields anywhere inside a value replaced by their yuan text. */
function moneyInYuan(value: unknown, lang: Lang): unknown {
  if (Array.isArray(value)) return value.map((v) => moneyInYuan(v, lang));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      k,
      isMoneyKey(k) && typeof v === 'number' ? yuanText(v, lang) : moneyInYuan(v, lang),
    ]),
  );
}

/** Fen as yuan text with its unit in the operator's language: 8880 -> '88.80 元' / '88.80 yuan'. */
export const yuanText = (fen: number, lang: Lang) =>
  lang === 'zh' ? `${fenToYuan(fen)} 元` : `${fenToYuan(fen)} yuan`;

/** One value as text: money in yuan, yes/no in words, objects as indented JSON. */
export function auditValueText(
  key: string,
  value: unknown,
  lang: Lang,
  targetType?: string,
): string {
  if (value === undefined || value === null || value === '') return '—';
  if (key === 'status' && typeof value === 'number' && targetType) {
    const o = STATUS_WORDS[targetType]?.find((x) => x.value === value);
    if (o) return o[lang];
  }
  if (isMoneyKey(key) && typeof value === 'number') return yuanText(value, lang);
  if (key === 'walletType' && typeof value === 'string') return walletTypeLabel(value, lang);
  if (key === 'role' && typeof value === 'string')
    return roleLabels[value as Role]?.[lang] ?? value;
  if (typeof value === 'boolean')
    return lang === 'zh' ? (value ? '是' : '否') : value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  // A list of plain values (ids, SNs) reads as a list, an empty one as nothing.
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number'))
    return value.length ? value.join(', ') : '—';
  return JSON.stringify(moneyInYuan(value, lang), null, 2);
}

/** Nothing worth a word: absent, empty text, an empty list or object. */
const isEmptyValue = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === '' ||
  (Array.isArray(v) && v.length === 0) ||
  (isPlainObject(v) && Object.keys(v).length === 0);

/** The table's one-line summary: the changed fields and their new values, in short. */
export function auditSummary(
  before: unknown,
  after: unknown,
  lang: Lang,
  targetType?: string,
  max = 120,
): string {
  // Only what says something: a field set to an empty list or nothing is left out.
  const rows = auditDiff(before, after)
    .filter((r) => r.changed)
    .map((r) => ({ key: r.key, value: r.after === undefined ? r.before : r.after }))
    .filter((r) => !isEmptyValue(r.value));
  const text = rows
    .map((r) => {
      const v = auditValueText(r.key, r.value, lang, targetType).replace(/\s+/g, ' ');
      return r.key ? `${fieldLabel(r.key, lang)}: ${v}` : v;
    })
    .join('; ');
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
