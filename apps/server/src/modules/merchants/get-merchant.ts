import { activationDeadline, maskPhone, type MerchantDetail } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { iso, num, numOrNull } from '../terminals/scope';
import { findMerchantInScope } from './merchant-scope';
import { toMerchantItem } from './list-merchants';

const text = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * A merchant with its terminals, rates and volume, licence and identification. Rates and volume
 * read what the policies and settlement features record; until they exist they are empty and 0.
 */
export async function getMerchant(db: Db, caller: Caller, id: number): Promise<MerchantDetail> {
  const m = await findMerchantInScope(db, caller, id);
  const terms = await rows<Record<string, unknown>>(
    db,
    sql`SELECT t.id, t.sn, b.name AS brand_name, t.model, p.name AS policy_name, t.bind_status, t.bound_at,
          t.activated_at, t.service_fee_fen, t.comm_fee_fen
        FROM terminals t JOIN brands b ON b.id = t.brand_id LEFT JOIN policies p ON p.id = t.policy_id
        WHERE t.merchant_id = ${id} AND t.deleted_at IS NULL ORDER BY t.sn`,
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
    agentMobile: maskPhone(String(m.agent_mobile ?? '')),
    terminals,
    rates: [],
    monthVolumeFen: 0,
    totalVolumeFen: 0,
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
