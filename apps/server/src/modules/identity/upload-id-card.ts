import { ID_CARD_IMAGE_MAX_BYTES, maskIdCard, validators, type IdentityStatus } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { badRequest, conflict } from '../../lib/app-error';
import type { Cipher } from '../../lib/crypto';
import { checkImageDimensions } from '../../lib/image-dimensions';
import { sniffImage } from '../merchants/upload-merchant-file';
import { notifyIdentityReviewed } from '../message/send-product-events';
import { getIdentityStatus } from './get-identity-status';
import { REAL_NAME, type IdentityVerifier } from '../../providers/identity/identity-verifier';

export interface IdCardUpload {
  front?: { data: Buffer; truncated: boolean };
  back?: { data: Buffer; truncated: boolean };
  realName?: string;
  idCard?: string;
}

function checkImage(side: 'front' | 'back', file: { data: Buffer; truncated: boolean }) {
  const label = side === 'front' ? '身份证人像面' : '身份证国徽面';
  if (file.truncated || file.data.length > ID_CARD_IMAGE_MAX_BYTES)
    throw badRequest(`${label}图片不能超过2MB`, side);
  if (file.data.length === 0) throw badRequest(`请选择${label}图片`, side);
  const mime = sniffImage(file.data);
  if (!mime) throw badRequest(`${label}只支持JPG、PNG或WebP图片`, side);
  checkImageDimensions(file.data, mime, side, `${label}图片`);
  return mime;
}

/**
 * Stores the ID card images (either side, or both) and, once both are there with a name and an
 * ID number, asks the verifier. Accepted: the agent is real-name verified and the ID number is
 * kept encrypted and masked. Everything is checked before anything is written.
 */
export async function uploadIdCard(
  deps: { db: Db; cipher: Cipher; verifier: IdentityVerifier },
  agentId: number,
  input: IdCardUpload,
): Promise<IdentityStatus> {
  const { db } = deps;
  const current = await getIdentityStatus(db, agentId);
  if (current.verified) throw conflict('已完成实名认证，无需重复提交');
  if (!input.front && !input.back) throw badRequest('请选择身份证图片', 'front');
  const frontMime = input.front ? checkImage('front', input.front) : null;
  const backMime = input.back ? checkImage('back', input.back) : null;
  const realName = input.realName?.trim() ?? '';
  const idCard = (input.idCard ?? '').trim().toUpperCase();
  if (realName && !REAL_NAME.test(realName)) throw badRequest('姓名格式错误', 'realName');
  if (idCard) {
    const msg = validators.idCard(idCard);
    if (msg) throw badRequest(msg, 'idCard');
  }
  const hasFront = current.hasFront || Boolean(input.front);
  const hasBack = current.hasBack || Boolean(input.back);
  let outcome: { ok: true } | { ok: false; reason: string } | null = null;
  if (hasFront && hasBack && realName && idCard)
    outcome = await deps.verifier.verify({ realName, idCard });

  await db.transaction(async (tx) => {
    const b64 = (b?: Buffer) => (b ? b.toString('base64') : null);
    const status = outcome ? (outcome.ok ? 2 : 3) : 1;
    await tx.execute(sql`
      INSERT INTO agent_identities AS i (agent_id, real_name, front_mime, front_data, back_mime, back_data, status, reason, verified_at)
      VALUES (${agentId}, ${realName || null}, ${frontMime}, decode(${b64(input.front?.data)}, 'base64'),
              ${backMime}, decode(${b64(input.back?.data)}, 'base64'), ${status},
              ${outcome && !outcome.ok ? outcome.reason : null}, ${outcome?.ok ? sql`now()` : null})
      ON CONFLICT (agent_id) DO UPDATE SET
        real_name = COALESCE(EXCLUDED.real_name, i.real_name),
        front_mime = COALESCE(EXCLUDED.front_mime, i.front_mime),
        front_data = COALESCE(EXCLUDED.front_data, i.front_data),
        back_mime = COALESCE(EXCLUDED.back_mime, i.back_mime),
        back_data = COALESCE(EXCLUDED.back_data, i.back_data),
        status = EXCLUDED.status, reason = EXCLUDED.reason, verified_at = EXCLUDED.verified_at,
        updated_at = now()`);
    if (outcome?.ok) {
      await tx.execute(sql`
        UPDATE agents SET real_name_verified = true, id_card_enc = ${deps.cipher.encrypt(idCard)},
               id_card_masked = ${maskIdCard(idCard)}, updated_at = now()
         WHERE id = ${agentId}`);
    }
    if (outcome) await notifyIdentityReviewed(tx, agentId, outcome);
  });
  return getIdentityStatus(db, agentId);
}
