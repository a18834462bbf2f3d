/**
 * System parameters as an operator reads them: each one's name in words (both languages), its
 * value formatted (money in yuan, yes/no in words, JSON as fields or a small table), the key
 * kept only as a secondary text.
 */
import { isMoneyKey, isPlainObject, yuanText } from '../../audit/lib/audit-diff';

type Lang = 'zh' | 'en';
type Words = { zh: string; en: string };

/** The parameters the platform keeps, by key. */
const PARAM_NAMES: Record<string, Words> = {
  agent_common_level: { zh: '代理等级', en: 'Agent levels' },
  mall_rules: { zh: '商城规则', en: 'Mall rules' },
  monthly_allowance_rule: { zh: '月度津贴规则', en: 'Monthly allowance rule' },
  'sys.app.version': { zh: 'App当前版本', en: 'Current app version' },
  'sys.service.phone': { zh: '客服电话', en: 'Customer service phone' },
};

/** The fields inside the JSON parameters. */
const FIELD_NAMES: Record<string, Words> = {
  level: { zh: '等级', en: 'Level' },
  name: { zh: '名称', en: 'Name' },
  pointsPerActivation: { zh: '每台激活积分', en: 'Points per activation' },
  postageFen: { zh: '邮费', en: 'Postage' },
  minActivations: { zh: '当月最少激活台数', en: 'Least activations in the month' },
  perActivationFen: { zh: '每台激活津贴', en: 'Allowance per activation' },
};

/** A parameter's name in words; the server's (Chinese) name for one this console does not know. */
export const paramName = (key: string, serverName: string, lang: Lang) =>
  PARAM_NAMES[key]?.[lang] ?? serverName;

export const paramFieldName = (key: string, lang: Lang) => FIELD_NAMES[key]?.[lang] ?? key;

/** A value held inside a parameter as text: money in yuan, yes/no in words. */
export function paramValueText(key: string, value: unknown, lang: Lang): string {
  if (value === null || value === undefined || value === '') return '—';
  if (isMoneyKey(key) && typeof value === 'number') return yuanText(value, lang);
  if (typeof value === 'boolean')
    return lang === 'zh' ? (value ? '是' : '否') : value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((v) => paramValueText('', v, lang)).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .map(([k, v]) => `${paramFieldName(k, lang)}: ${paramValueText(k, v, lang)}`)
    .join('; ');
}

export type ParamView =
  | { kind: 'text'; text: string }
  | { kind: 'fields'; fields: { key: string; label: string; text: string }[] }
  | {
      kind: 'table';
      columns: { key: string; label: string }[];
      rows: Record<string, string>[];
    };

/** How a parameter's stored value is shown: plain text, named fields, or a list as a table. */
export function paramView(raw: string, lang: Lang): ParamView {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { kind: 'text', text: raw === '' ? '—' : raw };
  }
  if (isPlainObject(value)) {
    return {
      kind: 'fields',
      fields: Object.entries(value).map(([k, v]) => ({
        key: k,
        label: paramFieldName(k, lang),
        text: paramValueText(k, v, lang),
      })),
    };
  }
  if (Array.isArray(value) && value.length > 0 && value.every(isPlainObject)) {
    const keys = [...new Set(value.flatMap((v) => Object.keys(v)))];
    return {
      kind: 'table',
      columns: keys.map((k) => ({ key: k, label: paramFieldName(k, lang) })),
      rows: value.map((v) =>
        Object.fromEntries(keys.map((k) => [k, paramValueText(k, v[k], lang)])),
      ),
    };
  }
  // A number or a version stays as written ("1.1.2" is not JSON; "400" is).
  return { kind: 'text', text: typeof value === 'boolean' ? paramValueText('', value, lang) : raw };
}
