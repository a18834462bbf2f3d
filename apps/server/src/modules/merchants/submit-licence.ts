import { LICENCE_STATUS, type MerchantLicenceRequest } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantFiles } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { findMerchantInScope } from './merchant-scope';
import { isOperator } from '../../db/tree';

/**
 * Merchant supplement: the business licence details and photo. Submitting (or changing them)
 * puts the licence under review; an operator approves or rejects it.
 */
export async function submitLicence(
  db: Db,
  caller: Caller,
  input: MerchantLicenceRequest,
  now: Date = new Date(),
) {
  if (isOperator(caller)) throw badRequest('平台账号不能提交商户资料', 'id');
  const m = await findMerchantInScope(db, caller, input.id);
  if (
    m.licenceStatus === LICENCE_STATUS.REVIEWING &&
    m.licenceNo === input.licenceNo &&
    m.licenceFileId !== null &&
    m.licenceFileId === input.fileId
  ) {
    throw badRequest('资料审核中，请勿重复提交', 'id');
  }
  await checkFile(db, input.id, input.fileId, 'licence', 'fileId', '请上传营业执照照片');
  await db.execute(
    sql`UPDATE merchants SET licence_status = ${LICENCE_STATUS.REVIEWING}, licence_no = ${input.licenceNo},
          licence_name = ${input.licenceName}, licence_address = ${input.licenceAddress},
          licence_valid_to = ${input.validTo}, business_scope = ${input.businessScope ?? null},
          licence_file_id = ${input.fileId}, licence_reason = NULL, licence_submitted_at = ${now}, updated_at = ${now}
        WHERE id = ${input.id}`,
  );
  return { status: LICENCE_STATUS.REVIEWING };
}

/** The file was uploaded for this merchant as this kind of image. */
export async function checkFile(
  db: Db,
  merchantId: number,
  fileId: number,
  kind: string,
  field: string,
  msg: string,
) {
  const f = await selectOne(
    db,
    { id: merchantFiles.id },
    sql`FROM ${merchantFiles} WHERE ${merchantFiles.id} = ${fileId}
          AND ${merchantFiles.merchantId} = ${merchantId} AND ${merchantFiles.kind} = ${kind}`,
  );
  if (!f) throw badRequest(msg, field);
}
