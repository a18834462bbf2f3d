import {
  appConfig,
  appConfigRequest,
  appUpdate,
  appUpdateQuery,
  configKeyParams,
  configValueResponse,
  dictData,
  dictTypeParams,
  envelopeOf,
  ok,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { checkAppUpdate } from '../../modules/system/check-app-update';
import { getAppConfig } from '../../modules/system/get-app-config';
import { getPublicParam } from '../../modules/system/get-public-param';
import { listDictData } from '../../modules/system/list-dict-data';

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
};

export const systemProtectedRoutes: FastifyPluginAsyncZod = async (app) => {
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
