import { readOneImage } from '../../lib/upload';
import {
  MERCHANT_FILE_MAX_BYTES,
  MERCHANT_FILE_KINDS,
  envelopeOf,
  merchantDetail,
  merchantFileQuery,
  merchantIdQuery,
  merchantIdentifyRequest,
  merchantLicenceRequest,
  merchantLicenceReviewRequest,
  merchantListQuery,
  merchantPage,
  merchantSummary,
  merchantUploadResult,
  ok,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getMerchant } from '../../modules/merchants/get-merchant';
import { getMerchantFile } from '../../modules/merchants/get-merchant-file';
import { getMerchantSummary } from '../../modules/merchants/get-merchant-summary';
import { listMerchants } from '../../modules/merchants/list-merchants';
import { reviewLicence } from '../../modules/merchants/review-licence';
import { submitIdentification } from '../../modules/merchants/submit-identification';
import { submitLicence } from '../../modules/merchants/submit-licence';
import { uploadMerchantFile } from '../../modules/merchants/upload-merchant-file';
import { callerOf, requireOperator } from '../../plugins/auth';

const tags = ['merchants'];
const security = [{ bearer: [] }];

const uploadQuery = z.object({
  merchantId: z.coerce.number({ error: '商户不正确' }).int('商户不正确').positive('商户不正确'),
  kind: z.enum(MERCHANT_FILE_KINDS, { message: '图片类型不正确' }),
});

/** Merchants of the caller's subtree: lists, detail, figures, licence and identification. */
export const merchantRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/merchant/list',
    {
      schema: {
        tags,
        summary:
          'Merchants of my subtree (mine first), keyset paged; keyword and condition filters',
        security,
        querystring: merchantListQuery,
        response: { 200: envelopeOf(merchantPage) },
      },
    },
    async (request) => ok(await listMerchants(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/merchant/info',
    {
      schema: {
        tags,
        summary: 'One merchant with its terminals, rates, volume, licence and identification',
        security,
        querystring: merchantIdQuery,
        response: { 200: envelopeOf(merchantDetail) },
      },
    },
    async (request) => ok(await getMerchant(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/merchant/summary',
    {
      schema: {
        tags,
        summary: 'Merchant figures of my subtree',
        security,
        response: { 200: envelopeOf(merchantSummary) },
      },
    },
    async (request) => ok(await getMerchantSummary(app.db, callerOf(request))),
  );

  app.post(
    '/api/merchant/upload',
    {
      schema: {
        tags,
        summary:
          'Upload a licence or ID card image (multipart field "file"; JPEG, PNG or WebP, at most 2 MB)',
        security,
        querystring: uploadQuery,
        response: { 200: envelopeOf(merchantUploadResult) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const { data, truncated } = await readOneImage(request, MERCHANT_FILE_MAX_BYTES);
      return ok(
        await uploadMerchantFile(app.db, caller, {
          merchantId: request.query.merchantId,
          kind: request.query.kind,
          data,
          truncated,
        }),
        '上传成功',
      );
    },
  );

  app.get(
    '/api/merchant/file',
    {
      schema: {
        tags,
        summary: 'A merchant image (the image bytes)',
        security,
        querystring: merchantFileQuery,
      },
    },
    async (request, reply) => {
      const file = await getMerchantFile(app.db, callerOf(request), request.query.id);
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(file.data);
    },
  );

  app.post(
    '/api/merchant/licence',
    {
      schema: {
        tags,
        summary:
          'Submit or change the business licence (merchant supplement); it goes under review',
        security,
        body: merchantLicenceRequest,
        response: { 200: envelopeOf(z.object({ status: z.number() })) },
      },
    },
    async (request) =>
      ok(await submitLicence(app.db, callerOf(request), request.body), '提交成功，等待审核'),
  );

  app.post(
    '/api/merchant/licence/review',
    {
      schema: {
        tags: ['merchants (operators)'],
        summary: 'Approve or reject a licence under review',
        security,
        body: merchantLicenceReviewRequest,
        response: { 200: envelopeOf(z.object({ status: z.number() })) },
      },
    },
    async (request) => {
      requireOperator(request);
      return ok(await reviewLicence(app.db, request.body));
    },
  );

  app.post(
    '/api/merchant/identify',
    {
      schema: {
        tags,
        summary:
          "Identify the merchant's legal person (name, ID number, both sides of the ID card)",
        security,
        body: merchantIdentifyRequest,
        response: {
          200: envelopeOf(z.object({ status: z.number(), reason: z.string().nullable() })),
        },
      },
    },
    async (request) => {
      const result = await submitIdentification(
        app.db,
        app.cipher,
        callerOf(request),
        request.body,
      );
      return ok(result, result.status === 1 ? '认证成功' : (result.reason ?? '认证失败'));
    },
  );
};
