import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { contentFiles } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { badRequest, notFound } from '../../lib/app-error';
import { checkImageDimensions } from '../../lib/image-dimensions';
import type { OperatorCaller } from '../../plugins/admin-auth';
import { audit } from '../../db/audit';

/** The row an INSERT … RETURNING hands to its SELECT. */
const inserted = alias(contentFiles, 'inserted');

export const CONTENT_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

/** The image types the apps show, recognised by their first bytes rather than the file name. */
function imageMime(data: Buffer): string | null {
  if (data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (
    data.subarray(0, 4).toString('latin1') === 'RIFF' &&
    data.subarray(8, 12).toString('latin1') === 'WEBP'
  )
    return 'image/webp';
  return null;
}

/** Stores an uploaded banner image and answers the public address the banner can use. */
export async function uploadContentImage(
  db: Db,
  op: OperatorCaller,
  input: { fileName: string; data: Buffer; truncated: boolean },
) {
  if (input.truncated || input.data.length > CONTENT_IMAGE_MAX_BYTES)
    throw badRequest('图片不能超过2MB', 'file');
  const mime = imageMime(input.data);
  if (!mime) throw badRequest('只能上传 PNG、JPEG 或 WebP 图片', 'file');
  checkImageDimensions(input.data, mime, 'file');
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  return db.transaction(async (tx) => {
    const row = await selectOne(tx, { id: inserted.id }, sql`FROM inserted`, {
      with: sql`WITH inserted AS (
          INSERT INTO content_files (kind, file_name, mime, size_bytes, sha256, data, uploaded_by)
          VALUES ('banner', ${input.fileName.slice(0, 200)}, ${mime}, ${input.data.length}, ${sha256},
                  decode(${input.data.toString('base64')}, 'base64'), ${op.operatorId})
          RETURNING id)`,
    });
    const id = row!.id;
    const url = `/prod-api/files/${id}/${sha256}`;
    await audit(tx, op, {
      action: 'file.upload',
      targetType: 'content_file',
      targetId: id,
      after: { fileName: input.fileName, mime, sizeBytes: input.data.length, sha256 },
    });
    return { id, url, sha256, sizeBytes: input.data.length };
  });
}

/** A public file by id and digest (both must match). */
export async function readContentFile(db: Db, id: number, sha256: string) {
  const [row] = await db
    .select({ mime: contentFiles.mime, data: contentFiles.data })
    .from(contentFiles)
    .where(and(eq(contentFiles.id, id), eq(contentFiles.sha256, sha256)));
  if (!row) throw notFound('文件不存在');
  return { mime: row.mime, data: row.data };
}
