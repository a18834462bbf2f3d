import {
  adminAppConfig,
  adminAppVersion,
  adminAppVersionQuery,
  decideHotUpdateRequest,
  envelopeOf,
  ok,
  publishBundleRequest,
  publishedBundle,
  publishPackageRequest,
  saveAppConfigRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import {
  appVersionList,
  decideHotUpdate,
  proposeHotUpdate,
  publishPackage,
  readAppConfig,
  saveAppConfig,
  withdrawAppVersion,
} from '../../modules/admin/app-versions';
import { readBundleForReview } from '../../modules/system/publish-bundle';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

export const adminAppRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/app-versions', {
    permission: 'content:view',
    summary: 'Published app versions: hot updates and full packages',
    querystring: adminAppVersionQuery,
    row: adminAppVersion,
    list: (q) => appVersionList(q),
    csv: {
      fileName: 'app-versions',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '平台', value: (r) => r.platform },
        { header: '版本', value: (r) => r.version },
        { header: '类型', value: (r) => r.type },
        { header: '标题', value: (r) => r.title },
        { header: '强制更新', value: (r) => (r.mandatory ? '是' : '否') },
        { header: '地址', value: (r) => r.url },
        { header: 'SHA-256', value: (r) => r.sha256 },
        { header: '大小', type: 'number', value: (r) => r.sizeBytes },
        { header: '发布时间(北京时间)', type: 'time', value: (r) => r.createdAt },
      ],
    },
  });
  app.post(
    '/app-versions/bundle',
    {
      config: { permission: 'content:publish' },
      bodyLimit: 12 * 1024 * 1024,
      schema: {
        tags,
        summary:
          "Propose a hot update (zip, base64, with the release machine's Ed25519 signature): verified, then pending until a second operator approves",
        security,
        body: publishBundleRequest,
        response: { 200: envelopeOf(publishedBundle) },
      },
    },
    async (request) => {
      const { bundleBase64, ...rest } = request.body;
      const bytes = Buffer.from(bundleBase64, 'base64');
      return ok(
        await proposeHotUpdate(
          app.db,
          operatorOf(request),
          { ...rest, bytes },
          app.config.hotUpdatePublicKey,
        ),
        '签名校验通过，待另一位操作员批准发布',
      );
    },
  );
  app.post(
    '/app-versions/bundle/decide',
    {
      config: { permission: 'hot_update:publish' },
      schema: {
        tags,
        summary:
          'Approve (make live for the apps) or reject a pending hot update; never by its uploader',
        security,
        body: decideHotUpdateRequest,
        response: {
          200: envelopeOf(z.object({ id: z.number(), status: z.enum(['published', 'rejected']) })),
        },
      },
    },
    async (request) => {
      const decided = await decideHotUpdate(
        app.db,
        operatorOf(request),
        request.body,
        app.config.hotUpdatePublicKey,
      );
      return ok(decided, decided.status === 'published' ? '已批准发布' : '已驳回');
    },
  );
  app.get(
    '/app-versions/:id/bundle',
    {
      config: { permission: 'content:view' },
      schema: {
        tags,
        summary: 'The zipped bundle of a hot update, pending ones included, for review',
        security,
        params: z.object({ id: z.coerce.number().int().positive('版本不存在') }),
      },
    },
    async (request, reply) => {
      const bytes = await readBundleForReview(app.db, request.params.id);
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="hot-update-${request.params.id}.zip"`)
        .header('cache-control', 'no-store')
        .send(bytes);
    },
  );
  app.post(
    '/app-versions/package',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Publish a full package (Android / iOS) by its download address',
        security,
        body: publishPackageRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(await publishPackage(app.db, operatorOf(request), request.body), '发布成功'),
  );
  app.post(
    '/app-versions/withdraw',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Withdraw a version from the update check',
        security,
        body: z.object({ id: z.number({ error: '版本不正确' }).int().positive('版本不正确') }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await withdrawAppVersion(app.db, operatorOf(request), request.body.id);
      return ok(null, '已撤回');
    },
  );
  app.get(
    '/app-config',
    {
      config: { permission: 'content:view' },
      schema: {
        tags,
        summary:
          'The app config every domain falls back to (name, service phone, downloads, poster)',
        security,
        response: { 200: envelopeOf(adminAppConfig) },
      },
    },
    async () => ok(await readAppConfig(app.db)),
  );
  app.post(
    '/app-config/save',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Save the default app config',
        security,
        body: saveAppConfigRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await saveAppConfig(app.db, operatorOf(request), request.body);
      return ok(null, '保存成功');
    },
  );
};
