import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readContentFile } from '../../modules/admin/content-files';
import { STORED_FILE_HEADERS } from '../../plugins/security-headers';

/**
 * Files the console published (banner images ...), public like the rest of what the apps show;
 * the SHA-256 in the address makes each one immutable, so it is cached for a year. Each goes out
 * as the type its first bytes showed at upload, never sniffed, sandboxed if opened on its own,
 * and showable by the native shells across origins.
 */
export const filesPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/files/:id/:sha256',
    {
      schema: {
        tags: ['files'],
        summary: 'A published file by id and SHA-256',
        params: z.object({
          id: z.coerce.number().int().positive('文件编号不正确'),
          sha256: z.string().regex(/^[0-9a-f]{64}$/, '文件摘要不正确'),
        }),
      },
    },
    async (request, reply) => {
      const file = await readContentFile(app.db, request.params.id, request.params.sha256);
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .headers(STORED_FILE_HEADERS)
        .type(file.mime)
        .send(file.data);
    },
  );
};
