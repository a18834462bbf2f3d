import { activationDeadline, type MerchantDetail } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  brands,
  policies,
  terminalDailyVolume,
  terminals as terminalsTable,
  transactions,
} from '../../db/schema';
import { decode, orNull, select, selectOne } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { shownMobile } from '../../lib/people';
import { findMerchantInScope } from './merchant-scope';
import { toMerchantItem } from './list-merchants';

const t = alias(terminalsTable, 't');

/**
 * A merchant with its terminals, current rates, volume (from the daily rollups settlement keeps),
 * latest transactions, licence and identification.
 */
export async function getMerchant(db: Db, caller: Caller, id: number): Promise<MerchantDetail> {
  const m = await findMerchantInScope(db, caller, id);
  // Its terminals, rates, volume and trades are of its tree, the caller's (decision 020).
  const tree = (column: SQL) => andInTree(column, caller);
  const terms = await select(
    db,
    {
      id: t.id,
      sn: t.sn,
      brandName: brands.name,
      model: t.model,
      policyName: orNull(policies.name),
      bindStatus: t.bindStatus,
      boundAt: t.boundAt,
      activatedAt: t.activatedAt,
      serviceFeeFen: t.serviceFeeFen,
      commFeeFen: t.commFeeFen,
    },
    sql`FROM terminals t JOIN ${brands} ON ${brands.id} = ${t.brandId}
          LEFT JOIN ${policies} ON ${policies.id} = ${t.policyId}
        WHERE ${t.merchantId} = ${id}${tree(sql`${t.topId}`)} AND ${t.deletedAt} IS NULL ORDER BY ${t.sn}`,
  );
  const terminals = terms.map(({ boundAt, activatedAt, ...rest }) => ({
    ...rest,
    boundAt: boundAt?.toISOString() ?? null,
    activatedAt: activatedAt?.toISOString() ?? null,
    activationDeadline:
      rest.bindStatus === 1 && boundAt ? activationDeadline(boundAt).toISOString() : null,
  }));
  // The rate on file where one was set for the merchant, otherwise the standard rate of its
  // terminals' policy, which is what settlement charges it.
  const rates = await select(
    db,
    {
      rateType: sql`r.rate_type`.mapWith(decode.number),
      ratePpm: sql`r.rate_ppm`.mapWith(decode.number),
    },
    sql`FROM (SELECT pr.rate_type, coalesce(mr.rate_ppm, pr.standard_rate) AS rate_ppm
          FROM policy_rates pr
          LEFT JOIN merchant_rates mr ON mr.merchant_id = ${id}${tree(sql`mr.top_id`)} AND mr.rate_type = pr.rate_type
         WHERE pr.policy_id = (SELECT t.policy_id FROM terminals t
                                WHERE t.merchant_id = ${id}${tree(sql`t.top_id`)} AND t.deleted_at IS NULL AND t.policy_id IS NOT NULL
                                ORDER BY t.bound_at NULLS LAST, t.id LIMIT 1)
        UNION ALL
        SELECT mr.rate_type, mr.rate_ppm FROM merchant_rates mr
         WHERE mr.merchant_id = ${id}${tree(sql`mr.top_id`)} AND NOT EXISTS (
               SELECT 1 FROM terminals t JOIN policy_rates pr ON pr.policy_id = t.policy_id
                WHERE t.merchant_id = ${id}${tree(sql`t.top_id`)} AND t.deleted_at IS NULL AND pr.rate_type = mr.rate_type)
        ) r ORDER BY 1`,
  );
  // This month starts at midnight in China; the rollups are per China day.
  const v = terminalDailyVolume;
  // Sums without GROUP BY: always one row.
  const volume = (await selectOne(
    db,
    {
      month: sql`coalesce(sum(${v.volumeFen}) FILTER (
                 WHERE ${v.day} >= date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai')::date), 0)`.mapWith(
        decode.number,
      ),
      total: sql`coalesce(sum(${v.volumeFen}), 0)`.mapWith(decode.number),
    },
    sql`FROM ${v} WHERE ${v.merchantId} = ${id}${tree(sql`${v.topId}`)}`,
  ))!;
  const x = transactions;
  const trades = await select(
    db,
    {
      id: x.id,
      sn: x.sn,
      kind: x.kind,
      status: x.status,
      amountFen: x.amountFen,
      payType: x.payType,
      tradeTime: x.tradeTime,
    },
    sql`FROM ${x} WHERE ${x.merchantId} = ${id}${tree(sql`${x.topId}`)}
         ORDER BY ${x.tradeTime} DESC, ${x.id} DESC LIMIT 10`,
  );
  const item = toMerchantItem(
    {
      ...m,
      terminalCount: terminals.length,
      activatedCount: terminals.filter((t) => t.bindStatus === 3).length,
    },
    caller,
  );
  const iso = (d: Date | null) => d?.toISOString() ?? null;
  return {
    ...item,
    address: m.address,
    agentMobile: shownMobile(caller, { id: item.agentId, path: m.agentPath }, m.agentMobile),
    terminals,
    rates,
    recentTrades: trades.map((t) => ({ ...t, tradeTime: t.tradeTime.toISOString() })),
    monthVolumeFen: volume.month,
    totalVolumeFen: volume.total,
    licence: {
      status: m.licenceStatus,
      licenceNo: m.licenceNo,
      licenceName: m.licenceName,
      licenceAddress: m.licenceAddress,
      validTo: m.licenceValidTo,
      businessScope: m.businessScope,
      fileId: m.licenceFileId,
      reason: m.licenceReason,
      submittedAt: iso(m.licenceSubmittedAt),
    },
    identification: {
      status: m.identifyStatus,
      idCardMasked: m.idCardMasked,
      frontFileId: m.idFrontFileId,
      backFileId: m.idBackFileId,
      reason: m.identifyReason,
      identifiedAt: iso(m.identifiedAt),
    },
  };
}
