import type { EarningBasis, EarningInfoType } from './api/wallet';

/**
 * What each figure of an earning's basis means, per kind of earning, in both languages: the
 * earning detail page (earningsInfo) shows exactly the rows named here for the line's kind, in
 * this order, each labelled as that kind's own (a reward's "my figure" is a reward, not a cost
 * rate; the allowance counts activations, it does not price them). A kind without a row does not
 * show that figure.
 */
export type EarningBasisRow =
  | 'volumeFen'
  | 'merchantRate'
  | 'standardRate'
  | 'ownCost'
  | 'lowerRate'
  | 'diff'
  | 'reachedFen'
  | 'keepPpm'
  | 'event';

/** How a row's value reads: the line's unit (ppm rate or fen amount), money, a count, a share. */
export type EarningBasisUnit = 'line' | 'money' | 'count' | 'share' | 'text';

export interface EarningBasisLabel {
  zh: string;
  en: string;
  unit: EarningBasisUnit;
}

export const EARNING_BASIS_ROWS: readonly EarningBasisRow[] = [
  'volumeFen',
  'merchantRate',
  'standardRate',
  'ownCost',
  'lowerRate',
  'diff',
  'reachedFen',
  'keepPpm',
  'event',
];

const money = (zh: string, en: string): EarningBasisLabel => ({ zh, en, unit: 'money' });
const line = (zh: string, en: string): EarningBasisLabel => ({ zh, en, unit: 'line' });

/** A reward or fee share split down the chain: my figure, the one below mine, the difference. */
function split(
  volume: EarningBasisLabel | null,
  zhName: string,
  enName: string,
  event: EarningBasisLabel | null,
): Partial<Record<EarningBasisRow, EarningBasisLabel>> {
  return {
    ...(volume ? { volumeFen: volume } : {}),
    ownCost: money(`我的${zhName}`, `My ${enName}`),
    lowerRate: money(`下级的${zhName}`, `Sub-agent's ${enName}`),
    diff: money(`${zhName}差额（我的所得）`, `${capital(enName)} difference (what I earn)`),
    ...(event ? { event } : {}),
  };
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const EARNING_BASIS: Readonly<
  Record<EarningInfoType, Partial<Record<EarningBasisRow, EarningBasisLabel>>>
> = {
  trade_profit: {
    volumeFen: money('交易金额（商户本笔收款）', "Payment amount (the merchant's takings)"),
    ownCost: line('我的成本费率', 'My cost rate'),
    lowerRate: line(
      '下一级的费率（下级代理的成本，直营商户为商户费率）',
      "Rate below mine (the sub-agent's cost, or the merchant's rate for my own merchant)",
    ),
    diff: line('费率差（我的分润率）', 'Rate difference (my profit rate)'),
  },
  debit_cap_profit: {
    volumeFen: money('交易金额（借记卡封顶交易）', 'Payment amount (capped debit card)'),
    ownCost: line('我的封顶成本', 'My cap cost'),
    lowerRate: line(
      '下一级的封顶额（下级代理的成本，直营商户为商户封顶）',
      "Cap below mine (the sub-agent's cost, or the merchant's cap for my own merchant)",
    ),
    diff: line('封顶差额（我的分润）', 'Cap difference (my profit)'),
  },
  price_adjust_profit: {
    volumeFen: money('交易金额（商户本笔收款）', "Payment amount (the merchant's takings)"),
    merchantRate: line('商户费率（调价后）', "Merchant's rate (adjusted)"),
    standardRate: line('政策标准费率', "Policy's standard rate"),
    reachedFen: money('到达我的调价收入', 'Adjustment income that reached me'),
    keepPpm: { zh: '我保留的比例', en: 'Share I keep', unit: 'share' },
  },
  activation_reward: split(
    money(
      '绑定以来的刷卡交易额（已达激活标准）',
      'Card volume since binding (met the activation threshold)',
    ),
    '激活奖励',
    'activation reward',
    { zh: '激活的终端', en: 'Activated terminal', unit: 'text' },
  ),
  standard_reward: split(
    money('考核月的交易额', 'Volume in the assessed month'),
    '达标奖励',
    'standard reward',
    { zh: '考核月份', en: 'Assessed month', unit: 'text' },
  ),
  service_fee_profit: split(
    money('商户缴纳的服务费（押金）', 'Service fee (deposit) the merchant paid'),
    '服务费分润',
    'service fee share',
    { zh: '终端', en: 'Terminal', unit: 'text' },
  ),
  communication_fee_profit: split(
    money('商户缴纳的流量费', 'Communication fee the merchant paid'),
    '流量费分润',
    'communication fee share',
    { zh: '终端', en: 'Terminal', unit: 'text' },
  ),
  monthly_activation_base_subsidy: {
    ownCost: money('每台激活的补贴', 'Allowance per activation'),
    lowerRate: { zh: '当月激活台数', en: 'Activations that month', unit: 'count' },
    event: { zh: '补贴月份', en: 'Month', unit: 'text' },
  },
  pusher_reward: split(null, '推广奖励', 'promoter reward', null),
  refund_reversal: {
    volumeFen: money('退款金额', 'Refunded amount'),
  },
};

/** The rows of `basis` a kind shows, with their labels, in order (absent values left out). */
export function earningBasisRows(
  infoType: string,
  basis: EarningBasis,
): { row: EarningBasisRow; label: EarningBasisLabel; value: number | string }[] {
  const labels = (
    EARNING_BASIS as Record<string, Partial<Record<EarningBasisRow, EarningBasisLabel>>>
  )[infoType];
  if (!labels) return [];
  const out: { row: EarningBasisRow; label: EarningBasisLabel; value: number | string }[] = [];
  for (const row of EARNING_BASIS_ROWS) {
    const label = labels[row];
    const value = basis[row];
    if (label && value !== null && value !== undefined) out.push({ row, label, value });
  }
  return out;
}
