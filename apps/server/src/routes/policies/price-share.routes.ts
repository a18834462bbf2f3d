import {
  envelopeOf,
  ok,
  priceShareInfo,
  priceShareInfoQuery,
  priceShareListQuery,
  priceSharePage,
  receivedPriceShare,
  receivedPriceShareInfo,
  receivedPriceShareQuery,
  setPriceShareRequest,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { getPriceShare } from '../../modules/price-share/get-price-share';
import { getReceivedPriceShare } from '../../modules/price-share/get-received-price-share';
import { listPriceShares } from '../../modules/price-share/list-price-shares';
import { listReceivedPriceShares } from '../../modules/price-share/list-received-price-shares';
import { setPriceShare } from '../../modules/price-share/set-price-share';
import { callerOf } from '../../plugins/auth';

const tags = ['price-adjustment share'];
const security = [{ bearer: [] }];

/** The price-adjustment share each parent passes to each direct child (price-property pages). */
export const priceShareRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/price-share/children',
    {
      schema: {
        tags,
        summary: 'What the caller passes down to each direct child, per policy (keyset pages)',
        security,
        querystring: priceShareListQuery,
        response: { 200: envelopeOf(priceSharePage) },
      },
    },
    async (request) => ok(await listPriceShares(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/price-share/info',
    {
      schema: {
        tags,
        summary: "One direct child's pass-down share under one policy, with its history",
        security,
        querystring: priceShareInfoQuery,
        response: { 200: envelopeOf(priceShareInfo) },
      },
    },
    async (request) => ok(await getPriceShare(app.db, callerOf(request), request.query)),
  );

  app.post(
    '/api/ag/price-share/set',
    {
      schema: {
        tags,
        summary: 'Set the part of the adjustment income passed to a direct child under a policy',
        security,
        body: setPriceShareRequest,
        response: { 200: envelopeOf(z.object({ passPpm: z.number() })) },
      },
    },
    async (request) => ok(await setPriceShare(app.db, callerOf(request), request.body), '保存成功'),
  );

  app.get(
    '/api/ag/price-share/received',
    {
      schema: {
        tags,
        summary: "What the caller's parent passes to the caller, per policy",
        security,
        response: { 200: envelopeOf(z.array(receivedPriceShare)) },
      },
    },
    async (request) => ok(await listReceivedPriceShares(app.db, callerOf(request))),
  );

  app.get(
    '/api/ag/price-share/received/info',
    {
      schema: {
        tags,
        summary:
          'One policy: what reaches the caller, its history, and what it passes on to each child',
        security,
        querystring: receivedPriceShareQuery,
        response: { 200: envelopeOf(receivedPriceShareInfo) },
      },
    },
    async (request) =>
      ok(await getReceivedPriceShare(app.db, callerOf(request), request.query.policyId)),
  );
};
