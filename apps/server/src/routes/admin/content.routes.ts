import { readOneImage } from '../../lib/upload';
import {
  adminBanner,
  adminBannerQuery,
  adminNotice,
  adminNoticeQuery,
  contentText,
  contentTextQuery,
  saveContentTextRequest,
  envelopeOf,
  ok,
  saveBannerRequest,
  saveNoticeRequest,
} from '@pos/core';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { z } from 'zod';
import { listRoute } from './list-route';
import {
  bannerList,
  deleteBanner,
  deleteNotice,
  noticeList,
  saveBanner,
  saveNotice,
} from '../../modules/admin/content';
import { operatorOf } from '../../plugins/admin-auth';
import { getContentText, saveContentText } from '../../modules/content/content-texts';
import { CONTENT_IMAGE_MAX_BYTES, uploadContentImage } from '../../modules/admin/content-files';

const tags = ['admin'];
const security = [{ bearer: [] }];
const idBody = z.object({ id: z.number({ error: '编号不正确' }).int().positive('编号不正确') });
const saved = envelopeOf(z.object({ id: z.number() }));

export const adminContentRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/banners', {
    permission: 'content:view',
    summary: 'Banners (home and shop)',
    querystring: adminBannerQuery,
    row: adminBanner,
    list: (q) => bannerList(q),
    csv: {
      fileName: 'banners',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '标题', value: (r) => r.title },
        { header: '类型', value: (r) => (r.bannerType === 1 ? '首页' : '商城') },
        { header: '显示', value: (r) => (r.isShow ? '是' : '否') },
        { header: '排序', type: 'number', value: (r) => r.sort },
        { header: '图片', value: (r) => r.imageUrl },
      ],
    },
  });
  app.post(
    '/banners/save',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Create or update a banner',
        security,
        body: saveBannerRequest,
        response: { 200: saved },
      },
    },
    async (request) => ok(await saveBanner(app.db, operatorOf(request), request.body), '保存成功'),
  );
  app.post(
    '/banners/delete',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Delete a banner',
        security,
        body: idBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteBanner(app.db, operatorOf(request), request.body.id);
      return ok(null, '删除成功');
    },
  );
  listRoute(app, '/notices', {
    permission: 'content:view',
    summary: 'Notices',
    querystring: adminNoticeQuery,
    row: adminNotice,
    list: (q) => noticeList(q),
    csv: {
      fileName: 'notices',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '标题', value: (r) => r.title },
        { header: '内容', value: (r) => r.content },
        { header: '发布时间(北京时间)', type: 'time', value: (r) => r.publishedAt },
      ],
    },
  });
  app.get(
    '/texts',
    {
      config: { permission: 'content:view' },
      schema: {
        tags,
        summary: 'The FAQ, user agreement or privacy policy the app shows now',
        security,
        querystring: contentTextQuery,
        response: { 200: envelopeOf(contentText) },
      },
    },
    async (request) => ok(await getContentText(app.db, request.query.key, request.query.lang)),
  );
  app.post(
    '/texts/save',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Publish the FAQ, user agreement or privacy policy (the app shows it at once)',
        security,
        body: saveContentTextRequest,
        response: { 200: envelopeOf(contentText) },
      },
    },
    async (request) =>
      ok(await saveContentText(app.db, operatorOf(request), request.body), '发布成功'),
  );
  app.post(
    '/notices/save',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Publish or edit a notice',
        security,
        body: saveNoticeRequest,
        response: { 200: saved },
      },
    },
    async (request) => ok(await saveNotice(app.db, operatorOf(request), request.body), '保存成功'),
  );
  app.post(
    '/notices/delete',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Delete a notice',
        security,
        body: idBody,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await deleteNotice(app.db, operatorOf(request), request.body.id);
      return ok(null, '删除成功');
    },
  );
  app.post(
    '/files/upload',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Upload a banner image (multipart field "file"; PNG, JPEG or WebP, at most 2 MB)',
        security,
        response: {
          200: envelopeOf(
            z.object({
              id: z.number(),
              url: z.string(),
              sha256: z.string(),
              sizeBytes: z.number(),
            }),
          ),
        },
      },
    },
    async (request) => ok(await receiveImage(app.db, request), '上传成功'),
  );
};

/**
 * Reads the one image of a multipart request (PNG, JPEG or WebP, at most 2 MB) and publishes it
 * to the content store; answers its id, address and SHA-256. Used by every upload route.
 */
export async function receiveImage(db: Db, request: FastifyRequest) {
  return uploadContentImage(
    db,
    operatorOf(request),
    await readOneImage(request, CONTENT_IMAGE_MAX_BYTES),
  );
}
