import {
  MERCHANT_FILE_KINDS,
  MERCHANT_FILE_MAX_BYTES,
  type MerchantFileKind,
  type MerchantUploadResult,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchantFiles } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { badRequest } from '../../lib/app-error';
import { checkImageDimensions } from '../../lib/image-dimensions';
import type { Caller } from '../../plugins/auth';
import { findMerchantInScope } from './merchant-scope';

/** The image type from the file's first bytes; the declared content type is not trusted. */
export function sniffImage(data: Buffer): 'image/jpeg' | 'image/png' | 'image/webp' | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff)
    return 'image/jpeg';
  if (
    data.length >= 8 &&
    data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'image/png';
  }
  if (
    data.length >= 12 &&
    data.toString('latin1', 0, 4) === 'RIFF' &&
    data.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'image/webp';
  }
  return null;
}

/**
 * Stores a licence or ID card image of a merchant in the caller's subtree: JPEG, PNG or WebP by
 * content, at most 2 MB. Images live in the database, reachable only through the scoped read.
 */
export async function uploadMerchantFile(
  db: Db,
  caller: Caller,
  input: { merchantId: number; kind: string; data: Buffer; truncated: boolean },
): Promise<MerchantUploadResult> {
  await findMerchantInScope(db, caller, input.merchantId);
  if (!(MERCHANT_FILE_KINDS as readonly string[]).includes(input.kind))
    throw badRequest('图片类型不正确', 'kind');
  if (input.truncated || input.data.length > MERCHANT_FILE_MAX_BYTES)
    throw badRequest('图片不能超过2MB', 'file');
  if (input.data.length === 0) throw badRequest('请选择图片', 'file');
  const mime = sniffImage(input.data);
  if (!mime) throw badRequest('只支持JPG、PNG或WebP图片', 'file');
  checkImageDimensions(input.data, mime, 'file');
  const row = await selectOne(
    db,
    { id: sql`added.id`.mapWith(merchantFiles.id) },
    sql`FROM added`,
    {
      with: sql`WITH added AS (
        INSERT INTO merchant_files (merchant_id, kind, mime, size_bytes, data, uploaded_by)
        VALUES (${input.merchantId}, ${input.kind as MerchantFileKind}, ${mime}, ${input.data.length},
          decode(${input.data.toString('base64')}, 'base64'), ${caller.agentId})
        RETURNING id)`,
    },
  );
  return { fileId: row!.id, sizeBytes: input.data.length, mime };
}
