import {
  envelopeOf,
  ok,
  schoolCategoriesQuery,
  schoolCategory,
  schoolDownloadRequest,
  schoolFavouriteRequest,
  schoolFavouritesQuery,
  schoolItemDetail,
  schoolItemPage,
  schoolItemQuery,
  schoolItemsQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  listCategories,
  listFavourites,
  listItems,
  readItem,
  recordDownload,
  setFavourite,
} from '../../modules/school/school';
import { callerOf } from '../../plugins/auth';

const tags = ['school'];
const security = [{ bearer: [] }];

/** The business school (商学院) and the material library (素材库), as agents read them. */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/school/categories',
    {
      schema: {
        tags,
        summary: "A section's shown categories, in their order",
        security,
        querystring: schoolCategoriesQuery,
        response: { 200: envelopeOf(z.array(schoolCategory)) },
      },
    },
    async (request) => ok(await listCategories(app.db, request.query.section)),
  );
  app.get(
    '/api/ag/school/items',
    {
      schema: {
        tags,
        summary: "A section's items, newest first (keyset pages), optionally of one category",
        security,
        querystring: schoolItemsQuery,
        response: { 200: envelopeOf(schoolItemPage) },
      },
    },
    async (request) => ok(await listItems(app.db, callerOf(request), request.query)),
  );
  app.get(
    '/api/ag/school/item',
    {
      schema: {
        tags,
        summary: 'One item with its text, images and video',
        security,
        querystring: schoolItemQuery,
        response: { 200: envelopeOf(schoolItemDetail) },
      },
    },
    async (request) => ok(await readItem(app.db, callerOf(request), request.query.id)),
  );
  app.get(
    '/api/ag/school/favourites',
    {
      schema: {
        tags,
        summary: "The caller's favourites, most recently added first (keyset pages)",
        security,
        querystring: schoolFavouritesQuery,
        response: { 200: envelopeOf(schoolItemPage) },
      },
    },
    async (request) => ok(await listFavourites(app.db, callerOf(request), request.query)),
  );
  app.post(
    '/api/ag/school/favourite',
    {
      schema: {
        tags,
        summary: 'Add an item to the favourites, or remove it',
        security,
        body: schoolFavouriteRequest,
        response: { 200: envelopeOf(z.object({ favourite: z.boolean() })) },
      },
    },
    async (request) => {
      const done = await setFavourite(app.db, callerOf(request), request.body);
      return ok(done, done.favourite ? '已收藏' : '已取消收藏');
    },
  );
  app.post(
    '/api/ag/school/download',
    {
      schema: {
        tags,
        summary: 'Record a download of a material; answers its images and text',
        security,
        body: schoolDownloadRequest,
        response: { 200: envelopeOf(schoolItemDetail) },
      },
    },
    async (request) => ok(await recordDownload(app.db, callerOf(request), request.body.id)),
  );
};
