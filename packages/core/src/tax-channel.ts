import { z } from 'zod';

/**
 * Tax channels (issue 33, decision 034): each withdrawable wallet is routed through one enabled
 * tax channel, which says what a withdrawal from it costs: a fixed fee per withdrawal, value-added
 * tax (VAT) and personal income tax (PIT) as rates of the amount, and whether the taxes are taken
 * when the withdrawal is requested or when it is paid out. Money is integer fen, rates ppm.
 */

const PPM = 1_000_000;
/** When a channel's taxes leave the agent's wallet. */
export const TAX_AT = ['payout', 'request'] as const;
export type TaxAt = (typeof TAX_AT)[number];
export const taxAtOptions = [
  { value: 'payout', zh: '打款时扣税', en: 'Taxed at payout' },
  { value: 'request', zh: '申请时扣税', en: 'Taxed at request' },
] as const;
export function taxAtLabel(v: string, lang: 'zh' | 'en' = 'zh'): string {
  const o = taxAtOptions.find((t) => t.value === v);
  return o ? o[lang] : v;
}

/** The terms of a tax channel that decide a withdrawal's parts. */
export interface TaxTerms {
  feeFen: number;
  vatPpm: number;
  pitPpm: number;
}

/** A withdrawal's parts: all non-negative integers in fen, and fee + VAT + PIT + net = amount. */
export interface WithdrawalParts {
  amountFen: number;
  feeFen: number;
  vatFen: number;
  pitFen: number;
  /** VAT + PIT, the figure earlier clients read as the withdrawal's tax. */
  taxFen: number;
  netFen: number;
  /** Whether the amount covers its fee and taxes with something left to pay out (net > 0). */
  covered: boolean;
}

/**
 * The parts of a withdrawal of amountFen through a channel with these terms.
 *
 * Rounding rule: VAT and PIT are each computed on the whole amount and rounded down to the fen
 * on their own (floor(amount × ppm / 1,000,000)), so the agent never pays a part-fen of either;
 * the fee is the channel's fixed fee. The parts are then taken in order fee, VAT, PIT, each at
 * most what is left of the amount, and the net is the rest; so the parts are never negative and
 * always add up to the amount. When the charges reach or pass the amount, covered is false (a
 * withdrawal that pays out nothing is refused) and the preview shows what the amount would pay.
 */
export function withdrawalParts(amountFen: number, terms: TaxTerms): WithdrawalParts {
  if (!Number.isSafeInteger(amountFen) || amountFen < 0)
    throw new RangeError('amountFen must be a non-negative integer');
  checkTerms(terms);
  let left = amountFen;
  const take = (wanted: number) => {
    const part = Math.min(wanted, left);
    left -= part;
    return part;
  };
  const feeFen = take(terms.feeFen);
  const vatFen = take(ppmOf(amountFen, terms.vatPpm));
  const pitFen = take(ppmOf(amountFen, terms.pitPpm));
  return {
    amountFen,
    feeFen,
    vatFen,
    pitFen,
    taxFen: vatFen + pitFen,
    netFen: left,
    covered: left > 0,
  };
}

/** floor(amount × ppm / 1e6), exact for any amount a withdrawal can have (BigInt past 2^53). */
function ppmOf(amountFen: number, ppm: number): number {
  const product = amountFen * ppm;
  if (Number.isSafeInteger(product)) return Math.floor(product / PPM);
  return Number((BigInt(amountFen) * BigInt(ppm)) / BigInt(PPM));
}

function checkTerms(t: TaxTerms) {
  for (const k of ['feeFen', 'vatPpm', 'pitPpm'] as const) {
    const v = t[k];
    if (!Number.isSafeInteger(v) || v < 0)
      throw new RangeError(`${k} must be a non-negative integer`);
  }
  if (t.vatPpm > PPM || t.pitPpm > PPM) throw new RangeError('a rate cannot pass 100%');
}

/** The terms of today's rule (3 yuan and 6% of the amount): the channels made when none exists. */
export function defaultTaxTerms(feeFen: number, taxPpm: number): TaxTerms {
  return { feeFen, vatPpm: taxPpm, pitPpm: 0 };
}

// --- Contracts -----------------------------------------------------------------------------------

const ppmField = (label: string) =>
  z
    .number({ error: `${label}格式错误` })
    .int(`${label}须为整数（百万分之一）`)
    .min(0, `${label}不能为负`)
    .max(300_000, `${label}不能超过30%`);

/** A proposed tax channel (new, or a change of the one with this code). */
export const taxChannelProposal = z.object({
  code: z
    .string({ error: '请填写通道编码' })
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,31}$/, '通道编码须为小写字母开头的字母、数字、-或_（2-32位）'),
  name: z
    .string({ error: '请填写通道名称' })
    .trim()
    .min(1, '请填写通道名称')
    .max(40, '通道名称不能超过40字'),
  walletType: z.enum(['profit', 'reward'], { error: '请选择钱包' }),
  vatPpm: ppmField('增值税率'),
  pitPpm: ppmField('个税税率'),
  feeFen: z
    .number({ error: '手续费格式错误' })
    .int('手续费须为整数（分）')
    .min(0, '手续费不能为负')
    .max(100_000, '手续费不能超过1000元'),
  taxAt: z.enum(TAX_AT, { error: '请选择扣税时点' }),
  enabled: z.boolean({ error: '请选择是否启用' }),
});
export type TaxChannelProposal = z.infer<typeof taxChannelProposal>;

export const taxChannel = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  walletType: z.string(),
  vatPpm: z.number(),
  pitPpm: z.number(),
  feeFen: z.number(),
  taxAt: z.string(),
  enabled: z.boolean(),
  version: z.number(),
  updatedAt: z.string(),
});
export type TaxChannel = z.infer<typeof taxChannel>;

export const taxChannelChange = z.object({
  id: z.number(),
  code: z.string(),
  /** The proposal as made; before: the channel's terms then (null for a new channel). */
  proposal: taxChannelProposal,
  before: taxChannelProposal.nullable(),
  status: z.number(),
  proposedBy: z.number(),
  proposer: z.string(),
  decider: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TaxChannelChange = z.infer<typeof taxChannelChange>;

export const taxChannelList = z.object({
  items: z.array(taxChannel),
  changes: z.array(taxChannelChange),
});
export type TaxChannelList = z.infer<typeof taxChannelList>;

export const taxChannelDecision = z
  .object({
    id: z.number({ error: '编号不正确' }).int().positive('编号不正确'),
    approve: z.boolean({ error: '请选择通过或驳回' }),
    reason: z.string().trim().max(200, '驳回原因过长').optional(),
  })
  .refine((v) => v.approve || !!v.reason, { message: '请填写驳回原因', path: ['reason'] });
export type TaxChannelDecision = z.infer<typeof taxChannelDecision>;
