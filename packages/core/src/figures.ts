import { BIND_STATUS, TOTAL_TYPE } from './enums';

/**
 * One definition per figure the app shows (issue 27): what each counts, over which base table,
 * and its name in both languages. The server's rollups are written by the events these name
 * (settlement, merchant sign-up, activation, terminal moves), its rebuild and drift check
 * recompute them from the same base tables, and every screen that shows a figure labels it with
 * the name given here, so one figure never reads two ways.
 *
 * Scopes: "own" is the agent alone (its direct merchants, the terminals it holds itself); "team"
 * is the agent and every agent below it. Periods are cut in Asia/Shanghai days.
 */

/** Total types that are fees collected from merchants, not trade: never in trade volume/count. */
export const NON_TRADE_TOTAL_TYPES: readonly number[] = [
  TOTAL_TYPE.SERVICE_FEE,
  TOTAL_TYPE.COMMUNICATION_FEE,
];

/** Transaction kinds: a payment adds its amount and one trade; a refund or reversal takes its amount off. */
export const TRADE_PAYMENT_KIND = 1;

/** Bind status of a terminal in stock (held, not bound to a merchant). */
export const STOCK_BIND_STATUS = BIND_STATUS.UNBOUND;

/** Bind status of an activated terminal. */
export const ACTIVATED_BIND_STATUS = BIND_STATUS.ACTIVATED;

export type FigureKey =
  | 'tradeAmount'
  | 'tradeCount'
  | 'newMerchants'
  | 'activatedTerminals'
  | 'newTerminals'
  | 'stock'
  | 'teamStock'
  | 'bound'
  | 'activated';

export interface FigureDefinition {
  zh: string;
  en: string;
  /** What it counts, over which base table (for operators and the docs). */
  rule: string;
}

export const FIGURES: Readonly<Record<FigureKey, FigureDefinition>> = {
  tradeAmount: {
    zh: '交易额',
    en: 'Trade volume',
    rule: 'settled transactions of the merchants of the scope, by trade day: payments add their amount, refunds and reversals take theirs off; service and communication fees are not trade',
  },
  tradeCount: {
    zh: '交易笔数',
    en: 'Trades',
    rule: 'settled payments (not refunds, reversals or fees) of the merchants of the scope, by trade day',
  },
  newMerchants: {
    zh: '新增商户',
    en: 'New merchants',
    rule: 'merchants signed up in the period under an agent of the scope, by sign-up day',
  },
  activatedTerminals: {
    zh: '激活终端',
    en: 'Activated terminals',
    rule: "terminals that activated in the period, counted for their merchant's direct agent, by activation day",
  },
  newTerminals: {
    zh: '新增绑定',
    en: 'New bindings',
    rule: 'terminals of the scope bound or activated now whose binding falls in the period',
  },
  stock: {
    zh: '我的库存',
    en: 'My stock',
    rule: 'live terminals the agent itself holds, not bound to a merchant',
  },
  teamStock: {
    zh: '团队库存',
    en: 'Team stock',
    rule: 'live terminals held by the agent and every agent below it, not bound to a merchant',
  },
  bound: {
    zh: '已绑定',
    en: 'Bound',
    rule: 'live terminals of the scope bound to a merchant, not yet activated',
  },
  activated: {
    zh: '已激活',
    en: 'Activated',
    rule: 'live terminals of the scope that have activated',
  },
};
