import { formatMoney, ppmToPercentText, simTierLabel, type EarningDetail } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  ledgerAccounts,
  ledgerEntries,
  ledgerLines,
  merchants,
  settlements,
  transactions,
} from '../../db/schema';
import { decode, orNull, selectOne } from '../../db/typed';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';

const l = alias(ledgerLines, 'l');
const a = alias(ledgerAccounts, 'a');
const e = alias(ledgerEntries, 'e');
const t = alias(transactions, 't');
const m = alias(merchants, 'm');
const yuan = (fen: number | null) => `${formatMoney(fen ?? 0)}元`;
const yuanEn = (fen: number | null) => `¥${formatMoney(fen ?? 0)}`;

type Detail = {
  reachedFen?: number;
  keepPpm?: number;
  poolFen?: number;
  sn?: string;
  terminalId?: number;
  month?: string;
  monthIndex?: number;
  thresholdFen?: number;
  activations?: number;
  perActivationFen?: number;
  minActivations?: number;
  origTxnId?: number;
  origInfoType?: string;
  origAmountFen?: number;
  optionFen?: number;
  /** SIM fee cashback: the collection's tier (1, 2, 3 = third and later) and period (decision 033). */
  tier?: 1 | 2 | 3;
  periodIndex?: number;
  owed?: boolean;
  recovery?: boolean;
  /** A refund applied again after an earlier one that arrived later (decision 007). */
  reapplied?: boolean;
} | null;

/**
 * One line of the caller's ledger with everything that explains it: the volume, the agent's own
 * cost, the lower rate it was measured against, the difference, the policy version in force, the
 * transaction (or event) it comes from, and the computation in words. A line of someone else's
 * wallet answers as if it did not exist. Every row is read in the caller's tree (top_id, decision
 * 020).
 */
export async function getEarning(db: DbOrTx, caller: Caller, id: number): Promise<EarningDetail> {
  const r = await selectOne(
    db,
    {
      id: l.id,
      infoType: l.infoType,
      amountFen: l.amountFen,
      txnId: l.txnId,
      volumeFen: l.volumeFen,
      ownCost: l.ownCost,
      lowerRate: l.lowerRate,
      diff: l.diff,
      policyVersion: l.policyVersion,
      reversesLineId: l.reversesLineId,
      detail: l.detail,
      createdAt: l.createdAt,
      walletType: a.walletType,
      reason: e.reason,
    },
    sql`FROM ledger_lines l
          JOIN ledger_accounts a ON a.id = l.account_id${andInTree('a.top_id', caller)}
          JOIN ledger_entries e ON e.id = l.entry_id
         WHERE l.id = ${id}${andInTree('l.top_id', caller)} AND a.agent_id = ${caller.agentId} AND a.kind = 'agent'
         LIMIT 1`,
  );
  if (!r) throw notFound();
  const detail = r.detail as Detail;
  const txnId = r.txnId;
  let transaction: EarningDetail['transaction'] = null;
  let merchantRate: number | null = null;
  let standardRate: number | null = null;
  if (txnId !== null) {
    const txn = await selectOne(
      db,
      {
        id: t.id,
        acquirerTxnId: t.acquirerTxnId,
        kind: t.kind,
        sn: t.sn,
        payType: t.payType,
        totalType: t.totalType,
        cardType: t.cardType,
        amountFen: t.amountFen,
        tradeTime: t.tradeTime,
        merchantName: orNull(m.name),
        origAmountFen: sql`(SELECT o.amount_fen FROM transactions o
                   WHERE o.id = ${t.origTxnId}${andInTree('o.top_id', caller)} LIMIT 1)`.mapWith(
          decode.numberOrNull,
        ),
      },
      sql`FROM transactions t
            LEFT JOIN merchants m ON m.id = t.merchant_id${andInTree('m.top_id', caller)}
           WHERE t.id = ${txnId}${andInTree('t.top_id', caller)} LIMIT 1`,
    );
    if (txn) {
      const { origAmountFen, tradeTime, ...rest } = txn;
      transaction = {
        ...rest,
        originalAmountFen: origAmountFen,
        tradeTime: tradeTime.toISOString(),
      };
    }
  }
  const infoType = r.infoType;
  const amount = r.amountFen;
  const own = r.ownCost;
  const lower = r.lowerRate;
  const diff = r.diff;
  const volume = r.volumeFen;
  if (infoType === 'price_adjust_profit') {
    merchantRate = lower;
    standardRate = own;
  }
  // Rates for trade profit and for price adjustment on a percentage payment; fixed amounts for the
  // debit cap (also its price adjustment), rewards and fee shares.
  let unit: 'ppm' | 'fen' = infoType === 'trade_profit' ? 'ppm' : 'fen';
  if (infoType === 'price_adjust_profit' && txnId !== null) {
    const s = alias(settlements, 's');
    const st = await selectOne(
      db,
      { capped: s.capped },
      caller.topId === null
        ? sql`FROM settlements s WHERE ${s.txnId} = ${txnId}`
        : // A settlement reaches its tree through its transaction (decision 020).
          sql`FROM settlements s
                JOIN transactions t ON ${t.id} = ${s.txnId} AND ${t.topId} = ${caller.topId}
               WHERE ${s.txnId} = ${txnId}`,
    );
    unit = st?.capped === 1 ? 'fen' : 'ppm';
  }
  const original = transaction?.originalAmountFen ?? null;
  const { zh, en } = formula(infoType, {
    amount,
    own,
    lower,
    diff,
    volume,
    detail,
    unit,
    original,
  });
  const after = await selectOne(
    db,
    {
      b: sql`${a.balanceFen} - coalesce((SELECT sum(n.amount_fen) FROM ledger_lines n
                                          WHERE n.account_id = ${a.id} AND n.id > ${id}${andInTree('n.top_id', caller)}), 0)`.mapWith(
        decode.number,
      ),
    },
    sql`FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id${andInTree('a.top_id', caller)}
         WHERE l.id = ${id}${andInTree('l.top_id', caller)} LIMIT 1`,
  );
  return {
    id: r.id,
    walletType: r.walletType,
    infoType,
    amountFen: amount,
    txnId,
    volumeFen: volume,
    source: transaction?.merchantName ?? transaction?.sn ?? detail?.sn ?? null,
    originalAmountFen: original,
    balanceAfterFen: after?.b ?? 0,
    createdAt: r.createdAt.toISOString(),
    basis: {
      volumeFen: volume,
      unit,
      ownCost: own,
      lowerRate: lower,
      diff,
      policyVersion: r.policyVersion,
      reachedFen: detail?.reachedFen ?? null,
      keepPpm: detail?.keepPpm ?? null,
      merchantRate,
      standardRate,
      event:
        detail?.sn ??
        (detail?.month
          ? `${detail.month}${detail.monthIndex ? ` #${detail.monthIndex}` : ''}`
          : null),
    },
    reason: r.reason,
    reversesLineId: r.reversesLineId,
    transaction,
    formula: zh,
    formulaEn: en,
  };
}

function rate(v: number | null, unit: 'ppm' | 'fen', lang: 'zh' | 'en') {
  if (v === null) return '-';
  if (unit === 'ppm') return ppmToPercentText(v);
  return lang === 'zh' ? yuan(v) : yuanEn(v);
}

/** The computation of a line, in Chinese and English. */
export function formula(
  infoType: string,
  x: {
    amount: number;
    own: number | null;
    lower: number | null;
    diff: number | null;
    volume: number | null;
    detail: Detail;
    unit: 'ppm' | 'fen';
    /** For a refund: the original payment's amount. */
    original?: number | null;
  },
): { zh: string; en: string } {
  const { amount, own, lower, diff, volume, detail, unit } = x;
  const original = x.original ?? null;
  switch (infoType) {
    case 'trade_profit':
      return {
        zh: `交易额 ${yuan(volume)} ×（下级费率 ${rate(lower, 'ppm', 'zh')} − 您的成本 ${rate(own, 'ppm', 'zh')} = ${rate(diff, 'ppm', 'zh')}）= ${yuan(amount)}（向下取整到分）`,
        en: `Volume ${yuanEn(volume)} × (lower rate ${rate(lower, 'ppm', 'en')} − your cost ${rate(own, 'ppm', 'en')} = ${rate(diff, 'ppm', 'en')}) = ${yuanEn(amount)} (rounded down to the fen)`,
      };
    case 'debit_cap_profit':
      return {
        zh: `借记卡封顶交易：下级封顶 ${yuan(lower)} − 您的封顶成本 ${yuan(own)} = ${yuan(amount)}`,
        en: `Capped debit payment: lower cap ${yuanEn(lower)} − your cap cost ${yuanEn(own)} = ${yuanEn(amount)}`,
      };
    case 'price_adjust_profit': {
      const keep = detail?.keepPpm ?? 1_000_000;
      const keepText = `${(keep / 10_000).toFixed(keep % 10_000 === 0 ? 0 : 2)}%`;
      return {
        zh: `调价收入：商户费率 ${rate(lower, unit, 'zh')} 高于标准 ${rate(own, unit, 'zh')}，共 ${yuan(detail?.poolFen ?? null)}；到达您 ${yuan(detail?.reachedFen ?? null)}，您保留 ${keepText} = ${yuan(amount)}`,
        en: `Price adjustment: merchant rate ${rate(lower, unit, 'en')} above standard ${rate(own, unit, 'en')}, ${yuanEn(detail?.poolFen ?? null)} in all; ${yuanEn(detail?.reachedFen ?? null)} reached you, you keep ${keepText} = ${yuanEn(amount)}`,
      };
    }
    case 'activation_reward':
    case 'standard_reward':
    case 'service_fee_profit':
    case 'communication_fee_profit': {
      const what: Record<string, [string, string]> = {
        activation_reward: ['激活奖励', 'Activation reward'],
        standard_reward: ['达标奖励', 'Standard reward'],
        service_fee_profit: ['服务费分润', 'Service fee share'],
        communication_fee_profit: ['流量费分润', 'Communication fee share'],
      };
      const [zhName, enName] = what[infoType]!;
      const event =
        infoType === 'standard_reward' && detail?.month
          ? {
              zh: `${detail.month} 第${detail.monthIndex}月交易额 ${yuan(volume)} ≥ 达标线 ${yuan(detail.thresholdFen ?? null)}；`,
              en: `${detail.month}, month ${detail.monthIndex}: volume ${yuanEn(volume)} ≥ threshold ${yuanEn(detail.thresholdFen ?? null)}; `,
            }
          : detail?.optionFen !== undefined && detail.tier !== undefined
            ? {
                zh: `收取 ${yuan(detail.optionFen)}，本终端第${(detail.periodIndex ?? 0) + 1}年的流量费，按「${simTierLabel(detail.tier)}」档返现；`,
                en: `${yuanEn(detail.optionFen)} collected, this terminal's SIM fee of year ${(detail.periodIndex ?? 0) + 1}, paid at the "${simTierLabel(detail.tier, 'en')}" cashback; `,
              }
            : detail?.optionFen !== undefined
              ? infoType === 'service_fee_profit'
                ? {
                    zh: `收取押金 ${yuan(detail.optionFen)}，按押金${yuan(detail.optionFen)}档返现；`,
                    en: `${yuanEn(detail.optionFen)} deposit collected, paid at the ${yuanEn(detail.optionFen)} deposit option's cashback; `,
                  }
                : {
                    zh: `收取 ${yuan(detail.optionFen)}；`,
                    en: `${yuanEn(detail.optionFen)} collected; `,
                  }
              : { zh: '', en: '' };
      return {
        zh: `${event.zh}${zhName}：您的金额 ${yuan(own)} − 下级金额 ${yuan(lower)} = ${yuan(amount)}`,
        en: `${event.en}${enName}: your figure ${yuanEn(own)} − lower figure ${yuanEn(lower)} = ${yuanEn(amount)}`,
      };
    }
    case 'monthly_activation_base_subsidy':
      return {
        zh: `${detail?.month ?? ''} 激活 ${detail?.activations ?? lower ?? 0} 台 × ${yuan(detail?.perActivationFen ?? own)} = ${yuan(amount)}（当月激活满 ${detail?.minActivations ?? '-'} 台才发放）`,
        en: `${detail?.month ?? ''} ${detail?.activations ?? lower ?? 0} activations × ${yuanEn(detail?.perActivationFen ?? own)} = ${yuanEn(amount)} (paid when at least ${detail?.minActivations ?? '-'} activate in the month)`,
      };
    case 'refund_reversal':
      if (detail?.reapplied) {
        // A refund that sorts before this one arrived after it settled: this one applied again.
        return amount > 0
          ? {
              zh: `较早的退款后到，本笔退款在其后重新计算，退回多冲回的 ${yuan(amount)}`,
              en: `An earlier refund arrived later; this refund was applied again after it and ${yuanEn(amount)} taken back too much is returned`,
            }
          : {
              zh: `较早的退款后到，本笔退款在其后重新计算，补冲回 ${yuan(-amount)}`,
              en: `An earlier refund arrived later; this refund was applied again after it and ${yuanEn(-amount)} more is taken back`,
            };
      }
      if (detail?.recovery) {
        return {
          zh: `以后续收益抵扣此前退款冲回的欠款 ${yuan(-amount)}`,
          en: `Earlier refund arrears recovered from later earnings: ${yuanEn(-amount)}`,
        };
      }
      return {
        zh: `原交易 ${yuan(original)}，退款 ${yuan(volume)}：按原${detail?.origInfoType === 'debit_cap_profit' ? '封顶' : ''}分润 ${yuan(detail?.origAmountFen ?? null)} × ${yuan(volume)} ÷ ${yuan(original)}（成交时的费率，不按现行费率）冲回 ${yuan(-amount)}`,
        en: `Original payment ${yuanEn(original)}, refund ${yuanEn(volume)}: the original ${yuanEn(detail?.origAmountFen ?? null)} share × ${yuanEn(volume)} ÷ ${yuanEn(original)} taken back = ${yuanEn(-amount)}, at the rates frozen when it was earned`,
      };
    default:
      return { zh: `${yuan(amount)}`, en: `${yuanEn(amount)}` };
  }
}
