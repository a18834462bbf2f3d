import {
  adminSchoolCategoriesQuery,
  adminSchoolCategory,
  adminSchoolItem,
  adminSchoolItemsQuery,
  deleteSchoolItemRequest,
  envelopeOf,
  ok,
  saveSchoolCategoryRequest,
  saveSchoolItemRequest,
  schoolKindLabel,
  schoolSectionLabel,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import {
  adminCategories,
  adminItemList,
  deleteItem,
  saveCategory,
  saveItem,
} from '../../modules/school/school';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The business school and the material library: published like banners, under content. */
export const adminSchoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/school/categories',
    {
      config: { permission: 'content:view' },
      schema: {
        tags,
        summary: 'Categories of the school and the material library, with their item counts',
        security,
        querystring: adminSchoolCategoriesQuery,
        response: { 200: envelopeOf(z.array(adminSchoolCategory)) },
      },
    },
    async (request) => ok(await adminCategories(app.db, request.query.section)),
  );
  app.post(
    '/school/categories/save',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Create or edit a category (audited)',
        security,
        body: saveSchoolCategoryRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(await saveCategory(app.db, operatorOf(request), request.body), '保存成功'),
  );
  listRoute(app, '/school/items', {
    permission: 'content:view',
    summary: 'Published items with their favourites and downloads',
    querystring: adminSchoolItemsQuery,
    row: adminSchoolItem,
    list: (q) => adminItemList(q),
    csv: {
      fileName: 'school',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '栏目', value: (r) => schoolSectionLabel(r.section, 'zh') },
        { header: '分类', value: (r) => r.categoryName },
        { header: '类型', value: (r) => schoolKindLabel(r.kind, 'zh') },
        { header: '标题', value: (r) => r.title },
        { header: '显示', value: (r) => (r.shown ? '是' : '否') },
        { header: '收藏数', type: 'number', value: (r) => r.favourites },
        { header: '下载数', type: 'number', value: (r) => r.downloads },
        { header: '发布时间', value: (r) => r.publishedAt },
        { header: '发布人', value: (r) => r.publishedBy },
      ],
    },
  });
  app.post(
    '/school/items/save',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Publish or edit an article, image set, video, poster or copy (audited)',
        security,
        body: saveSchoolItemRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => ok(await saveItem(app.db, operatorOf(request), request.body), '发布成功'),
  );
  app.post(
    '/school/items/delete',
    {
      config: { permission: 'content:publish' },
      schema: {
        tags,
        summary: 'Take an item down (audited)',
        security,
        body: deleteSchoolItemRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => ok(await deleteItem(app.db, operatorOf(request), request.body.id), '已删除'),
  );
};
