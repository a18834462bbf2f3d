import type { FastifyInstance } from 'fastify';
import { bearer } from './helpers';

/** A PNG signature and a few bytes: enough for the content check. */
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(64, 7),
]);

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
