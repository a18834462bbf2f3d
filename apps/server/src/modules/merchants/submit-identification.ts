import { IDENTIFY_STATUS, maskIdCard, type MerchantIdentifyRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import type { Cipher } from '../../lib/crypto';
import type { Caller } from '../../plugins/auth';
import { findMerchantInScope } from './merchant-scope';
import { checkFile } from './submit-licence';
import { isOperator } from '../../db/tree';

/**
 * Identification of a merchant's legal person: name, ID number and both sides of the ID card.
 * The ID number has passed the format and check-digit rules; the built-in verification accepts
 * it when the name matches the merchant's legal person. The number is kept encrypted and only
 * ever shown masked.
 */
export async function submitIdentification(
  db: Db,
  cipher: Cipher,
  caller: Caller,
  input: MerchantIdentifyRequest,
  now: Date = new Date(),
) {
  if (isOperator(caller)) throw badRequest('平台账号不能提交商户资料', 'id');
  const m = await findMerchantInScope(db, caller, input.id);
  if (m.identifyStatus === IDENTIFY_STATUS.VERIFIED) throw badRequest('该商户已认证', 'id');
  await checkFile(db, input.id, input.frontFileId, 'id_front', 'frontFileId', '请上传身份证人像面');
  await checkFile(db, input.id, input.backFileId, 'id_back', 'backFileId', '请上传身份证国徽面');
  const idCard = input.idCard.toUpperCase();
  const matches = m.legalName === input.legalName;
  const status = matches ? IDENTIFY_STATUS.VERIFIED : IDENTIFY_STATUS.FAILED;
  const reason = matches ? null : '法人姓名与商户登记信息不一致';
  await db.execute(
    sql`UPDATE merchants SET identify_status = ${status}, id_card_enc = ${cipher.encrypt(idCard)},
          id_card_masked = ${maskIdCard(idCard)}, id_front_file_id = ${input.frontFileId},
          id_back_file_id = ${input.backFileId}, identify_reason = ${reason}, identify_reviewed_at = NULL,
          identified_at = ${matches ? now : null}, updated_at = ${now}
        WHERE id = ${input.id}`,
  );
  return { status, reason };
}
