import { crc32 } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { bearer } from './helpers';

/**
 * The head of a PNG claiming width×height pixels: its signature and IHDR chunk (8-bit RGBA), then
 * a few bytes. Enough for the content and dimension checks, which read no pixel.
 */
export function pngOf(width: number, height: number, tail: Buffer = Buffer.alloc(64, 7)) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const typeAndData = Buffer.concat([Buffer.from('IHDR'), ihdr]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(ihdr.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typeAndData));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    length,
    typeAndData,
    crc,
    tail,
  ]);
}

/** A small PNG (64×48): enough for the content and dimension checks. */
export const PNG = pngOf(64, 48);

export function multipart(file: Buffer, filename = 'a.png', type = 'image/png') {
  const boundary = '----postest' + Math.random().toString(16).slice(2);
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Uploads a merchant's image (licence, ID card sides) as the agent app does. */
export function uploadMerchantFile(
  app: FastifyInstance,
  token: string,
  merchantId: number,
  kind: string,
  file: Buffer,
  type?: string,
) {
  const body = multipart(file, 'x', type);
  return app.inject({
    method: 'POST',
    url: `/prod-api/api/merchant/upload?merchantId=${merchantId}&kind=${kind}`,
    payload: body.payload,
    headers: { ...bearer(token), ...body.headers },
  });
}
