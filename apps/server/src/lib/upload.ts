import type { FastifyRequest } from 'fastify';
import { badRequest } from './app-error';

/**
 * The one image of a multipart request (field "file"), read into memory up to maxBytes; a
 * missing file or one over the limit is refused on the field. `truncated` says the stream was cut
 * at the limit (the caller refuses it with its own words).
 */
export async function readOneImage(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw badRequest('请选择图片', 'file');
  let part;
  try {
    part = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch {
    throw badRequest('请选择图片', 'file');
  }
  if (!part) throw badRequest('请选择图片', 'file');
  let data: Buffer;
  try {
    data = await part.toBuffer();
  } catch {
    throw badRequest(`图片不能超过${Math.round(maxBytes / 1024 / 1024)}MB`, 'file');
  }
  return { fileName: part.filename, data, truncated: part.file.truncated };
}
