import {
  appConfig,
  appConfigRequest,
  appUpdate,
  appUpdateQuery,
  configKeyParams,
  contentText,
  contentTextQuery,
  configValueResponse,
  dictData,
  dictTypeParams,
  envelopeOf,
  ok,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkAppUpdate } from '../../modules/system/check-app-update';
import { readBundle, withdrawVersion } from '../../modules/system/publish-bundle';
import { getAppConfig } from '../../modules/system/get-app-config';
import { getContentText } from '../../modules/content/content-texts';
import { getPublicParam } from '../../modules/system/get-public-param';
import { listDictData } from '../../modules/system/list-dict-data';
import { requireOperator } from '../../plugins/auth';

const tags = ['system'];

/** What the app shell reads before anyone signs in. */
export const systemPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/ag/app/param/getByDomain',
    {
      schema: {
        tags,
        summary: "The app config for the domain the app runs on (falls back to 'default')",
        body: appConfigRequest,
        response: { 200: envelopeOf(appConfig) },
      },
    },
    async (request) => ok(await getAppConfig(app.db, request.body.domain)),
  );

  app.get(
    '/api/ag/content/text',
    {
      schema: {
        tags,
        summary:
          'The FAQ, user agreement or privacy policy as the console published it (or built in)',
        querystring: contentTextQuery,
        response: { 200: envelopeOf(contentText) },
      },
    },
    async (request) => ok(await getContentText(app.db, request.query.key, request.query.lang)),
  );

  app.get(
    '/api/ag/system/config/configKey/:key',
    {
      schema: {
        tags,
        summary: 'A public system parameter; the value is in msg and in data (RuoYi style)',
        params: configKeyParams,
        response: { 200: configValueResponse },
      },
    },
    async (request) => {
      const value = await getPublicParam(app.db, request.params.key);
      return { code: 200, msg: value, data: value };
    },
  );

  app.get(
    '/app/api/check/app/update',
    {
      schema: {
        tags,
        summary: 'The newest app version for the platform above the given one, or null',
        querystring: appUpdateQuery,
        response: { 200: envelopeOf(appUpdate.nullable()) },
      },
    },
    async (request) => ok(await checkAppUpdate(app.db, request.query)),
  );

  app.get(
    '/app/api/bundle/:id',
    {
      schema: {
        tags,
        summary: 'The zipped web bundle of a hot update (checked by the app against its signature)',
        params: z.object({ id: z.coerce.number().int().positive('更新包不存在') }),
      },
    },
    async (request, reply) => {
      const bytes = await readBundle(app.db, request.params.id);
      // A published bundle never changes; a new one is a new version with a new id.
      return reply
        .header('content-type', 'application/zip')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .send(bytes);
    },
  );
};

export const systemProtectedRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/api/ag/admin/app/version/:id',
    {
      schema: {
        tags,
        summary:
          'Operators: withdraw a published app version (and its bundle) from the update check',
        security: [{ bearer: [] }],
        params: z.object({ id: z.coerce.number().int().positive('版本不存在') }),
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      requireOperator(request);
      await withdrawVersion(app.db, request.params.id);
      return ok(null, '已撤回');
    },
  );

  app.get(
    '/system/dict/data/type/:type',
    {
      schema: {
        tags,
        summary: 'Options of a display enumeration as dictionary rows; unknown type is empty',
        security: [{ bearer: [] }],
        params: dictTypeParams,
        response: { 200: envelopeOf(z.array(dictData)) },
      },
    },
    async (request) => ok(listDictData(request.params.type)),
  );
};
