import { activationDeadline, type MerchantDetail } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { shownMobile } from '../../lib/people';
import { iso, num, numOrNull } from '../terminals/scope';
import { findMerchantInScope } from './merchant-scope';
import { toMerchantItem } from './list-merchants';

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * A merchant with its terminals, current rates, volume (from the daily rollups settlement keeps),
 * latest transactions, licence and identification.
 */
export async function getMerchant(db: Db, caller: Caller, id: number): Promise<MerchantDetail> {
  const m = await findMerchantInScope(db, caller, id);
  // Its terminals, rates, volume and trades are of its tree, the caller's (decision 020).
  const tree = (column: SQL) => andInTree(column, caller);
  const terms = await rows<Record<string, unknown>>(
    db,
    sql`SELECT t.id, t.sn, b.name AS brand_name, t.model, p.name AS policy_name, t.bind_status, t.bound_at,
          t.activated_at, t.service_fee_fen, t.comm_fee_fen
        FROM terminals t JOIN brands b ON b.id = t.brand_id LEFT JOIN policies p ON p.id = t.policy_id
        WHERE t.merchant_id = ${id}${tree(sql`t.top_id`)} AND t.deleted_at IS NULL ORDER BY t.sn`,
  );
  const terminals = terms.map((t) => {
    const boundAt = iso(t.bound_at);
    const bindStatus = num(t.bind_status);
    return {
      id: num(t.id),
      sn: String(t.sn),
      brandName: String(t.brand_name),
      model: String(t.model),
      policyName: text(t.policy_name),
      bindStatus,
      boundAt,
      activatedAt: iso(t.activated_at),
      activationDeadline:
        bindStatus === 1 && boundAt ? activationDeadline(new Date(boundAt)).toISOString() : null,
      serviceFeeFen: num(t.service_fee_fen),
      commFeeFen: num(t.comm_fee_fen),
    };
  });
  // The rate on file where one was set for the merchant, otherwise the standard rate of its
  // terminals' policy, which is what settlement charges it.
  const rates = await rows<{ rate_type: unknown; rate_ppm: unknown }>(
    db,
    sql`SELECT pr.rate_type, coalesce(mr.rate_ppm, pr.standard_rate) AS rate_ppm
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
        ORDER BY 1`,
  );
  // This month starts at midnight in China; the rollups are per China day.
  const [volume] = await rows<{ month: unknown; total: unknown }>(
    db,
    sql`SELECT coalesce(sum(volume_fen) FILTER (
                 WHERE day >= date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai')::date), 0) AS month,
               coalesce(sum(volume_fen), 0) AS total
          FROM terminal_daily_volume WHERE merchant_id = ${id}${tree(sql`top_id`)}`,
  );
  const trades = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id, sn, kind, status, amount_fen, pay_type, trade_time FROM transactions
         WHERE merchant_id = ${id}${tree(sql`top_id`)} ORDER BY trade_time DESC, id DESC LIMIT 10`,
  );
  const item = toMerchantItem(
    {
      ...m,
      terminal_count: terminals.length,
      activated_count: terminals.filter((t) => t.bindStatus === 3).length,
    },
    caller,
  );
  return {
    ...item,
    address: String(m.address ?? ''),
    agentMobile: shownMobile(
      caller,
      { id: item.agentId, path: String(m.agent_path ?? '') },
      String(m.agent_mobile ?? ''),
    ),
    terminals,
    rates: rates.map((r) => ({ rateType: num(r.rate_type), ratePpm: num(r.rate_ppm) })),
    recentTrades: trades.map((t) => ({
      id: num(t.id),
      sn: String(t.sn),
      kind: num(t.kind),
      status: num(t.status),
      amountFen: num(t.amount_fen),
      payType: num(t.pay_type),
      tradeTime: iso(t.trade_time)!,
    })),
    monthVolumeFen: num(volume?.month),
    totalVolumeFen: num(volume?.total),
    licence: {
      status: num(m.licence_status),
      licenceNo: text(m.licence_no),
      licenceName: text(m.licence_name),
      licenceAddress: text(m.licence_address),
      validTo: text(m.licence_valid_to),
      businessScope: text(m.business_scope),
      fileId: numOrNull(m.licence_file_id),
      reason: text(m.licence_reason),
      submittedAt: iso(m.licence_submitted_at),
    },
    identification: {
      status: num(m.identify_status),
      idCardMasked: text(m.id_card_masked),
      frontFileId: numOrNull(m.id_front_file_id),
      backFileId: numOrNull(m.id_back_file_id),
      reason: text(m.identify_reason),
      identifiedAt: iso(m.identified_at),
    },
  };
}
