import {
  banner,
  bannerDetailQuery,
  bannerListQuery,
  envelopeOf,
  notice,
  noticeDetailQuery,
  noticeListQuery,
  noticePage,
  ok,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getBanner } from '../../modules/home/get-banner';
import { getNotice } from '../../modules/home/get-notice';
import { listBanners } from '../../modules/home/list-banners';
import { listNotices } from '../../modules/home/list-notices';

const tags = ['home'];
const security = [{ bearer: [] }];

/** The home page's banners and notices. */
export const homeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/home/banner/list',
    {
      schema: {
        tags,
        summary: 'Shown banners of a type (1 home, 2 shop), in display order',
        security,
        querystring: bannerListQuery,
        response: { 200: envelopeOf(z.array(banner)) },
      },
    },
    async (request) => ok(await listBanners(app.db, request.query.bannerType)),
  );

  app.get(
    '/api/ag/home/banner/detail',
    {
      schema: {
        tags,
        summary: 'One shown banner',
        security,
        querystring: bannerDetailQuery,
        response: { 200: envelopeOf(banner) },
      },
    },
    async (request) => ok(await getBanner(app.db, request.query.id)),
  );

  app.get(
    '/api/ag/home/notice/list',
    {
      schema: {
        tags,
        summary: 'Published notices, newest first, keyset paged by cursor',
        security,
        querystring: noticeListQuery,
        response: { 200: envelopeOf(noticePage) },
      },
    },
    async (request) => ok(await listNotices(app.db, request.query)),
  );

  app.get(
    '/api/ag/home/notice/detail',
    {
      schema: {
        tags,
        summary: 'One published notice',
        security,
        querystring: noticeDetailQuery,
        response: { 200: envelopeOf(notice) },
      },
    },
    async (request) => ok(await getNotice(app.db, request.query.id)),
  );
};
