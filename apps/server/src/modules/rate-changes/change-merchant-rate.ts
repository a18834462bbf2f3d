import {
  checkMerchantRate,
  rateTypeOptions,
  rateValueText,
  shanghaiMonthKey,
  type ChangeMerchantRateRequest,
} from '@pos/core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { rateChanges } from '../../db/schema';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import type { Acquirer } from '../../providers/acquirer/acquirer';
import { effectiveAgentRate, loadMerchantRateTerms, merchantInScope } from './merchant-rate-terms';

const label = (rateType: number) =>
  rateTypeOptions.find((o) => o.value === rateType)?.zh ?? `费率类型${rateType}`;

/** PostgreSQL's unique_violation, from either driver. */
const isUniqueViolation = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/**
 * The merchant's direct agent changes one or more of its rates (updateRate, changeMerchRate). Each
 * new rate lies in the agent's allowed range and not below its own cost, and each rate type
 * changes at most once per calendar month (Asia/Shanghai; a failed change does not count). All
 * rates of the request are recorded together or none is; each then goes to the acquirer and moves
 * through applying, processing, done or failed.
 */
export async function changeMerchantRate(
  db: Db,
  caller: Caller,
  input: ChangeMerchantRateRequest,
  deps: { acquirer: Acquirer; log: FastifyBaseLogger; now?: Date },
): Promise<{ ids: number[] }> {
  const now = deps.now ?? new Date();
  const merchant = await merchantInScope(db, caller, input.merchantId);
  if (caller.role === 'operator' || caller.agentId !== merchant.agentId) {
    throw badRequest('仅商户的直属代理可以调整费率', 'merchantId');
  }
  const seen = new Set<number>();
  for (const [i, r] of input.rates.entries()) {
    if (seen.has(r.rateType)) throw badRequest(`${label(r.rateType)}重复`, `rates.${i}.rateType`);
    seen.add(r.rateType);
  }
  const month = shanghaiMonthKey(now);

  const created = await db.transaction(async (tx) => {
    const terms = await loadMerchantRateTerms(tx, merchant, caller, now);
    if (terms.terminals.length === 0 || !terms.product) {
      throw badRequest('商户尚未绑定有政策的终端，暂不能调整费率', 'merchantId');
    }
    if (!terms.agentRates)
      throw badRequest('您尚未开通该商户终端的政策，暂不能调整费率', 'merchantId');
    const sn = input.sn?.trim().toUpperCase();
    const terminal = sn ? terms.terminals.find((t) => t.sn === sn) : terms.terminals[0];
    if (sn && !terminal) throw badRequest(`终端${sn}未绑定该商户`, 'sn');

    const values = input.rates.map((r, i) => {
      const field = `rates.${i}.rate`;
      const product = terms.product!.rates.find((p) => p.rateType === r.rateType);
      const agentRate = effectiveAgentRate(terms, r.rateType);
      if (!product || !agentRate)
        throw badRequest(`该商户的政策没有${label(r.rateType)}费率`, `rates.${i}.rateType`);
      const violation = checkMerchantRate(agentRate, r.rate, field);
      if (violation) throw badRequest(violation.message, field);
      const oldRate = terms.current.get(r.rateType) ?? product.standardRate;
      if (r.rate === oldRate) {
        throw badRequest(
          `${label(r.rateType)}新费率与当前费率${rateValueText(r.rateType, oldRate)}相同`,
          field,
        );
      }
      if (terms.pending.has(r.rateType)) {
        throw badRequest(`${label(r.rateType)}已有进行中的费率变更，请等待收单机构处理完成`, field);
      }
      if (terms.changedThisMonth.has(r.rateType)) {
        throw badRequest(
          `${label(r.rateType)}本月已调整过，每个商户每种费率每月只能调整一次`,
          field,
        );
      }
      return {
        merchantId: merchant.id,
        terminalId: sn ? terminal!.id : null,
        sn: sn ? terminal!.sn : null,
        policyId: terms.product!.id,
        rateType: r.rateType,
        oldRate,
        newRate: r.rate,
        month,
        requestedBy: caller.agentId,
        agentId: merchant.agentId,
        agentPath: merchant.agentPath,
        topId: merchant.topId,
        createdAt: now,
        updatedAt: now,
      };
    });
    try {
      return await tx.insert(rateChanges).values(values).returning({
        id: rateChanges.id,
        rateType: rateChanges.rateType,
        oldRate: rateChanges.oldRate,
        newRate: rateChanges.newRate,
      });
    } catch (err) {
      // Two requests for the same rate type at once: the unique index lets only one through.
      if (isUniqueViolation(err))
        throw badRequest('本月已调整过该费率，每个商户每种费率每月只能调整一次', 'rates');
      throw err;
    }
  });

  for (const c of created) {
    try {
      await deps.acquirer.submitRateChange({
        requestNo: `R${c.id}`,
        merchantNo: merchant.merchantNo,
        rateType: c.rateType,
        oldRate: c.oldRate,
        rate: c.newRate,
      });
    } catch (err) {
      // The change stays "applying"; the timeout job fails it with a reason if nothing comes back.
      deps.log.error(
        { err, requestNo: `R${c.id}` },
        'rate change could not be submitted to the acquirer',
      );
    }
  }
  return { ids: created.map((c) => c.id) };
}
