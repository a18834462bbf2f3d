import {
  decideReviewRequest,
  envelopeOf,
  falseActivation,
  falseActivationQuery,
  ok,
  proposeReviewRequest,
  saveSchemeRequest,
  schemeVersions,
  schemeVersionsQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import {
  decideReview,
  falseActivationList,
  proposeReview,
  saveScheme,
  schemeVersions as loadSchemeVersions,
} from '../../modules/reward-schemes/admin-schemes';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];

/** The console's reward schemes (versions of a policy's scheme) and false-activation review. */
export const adminRewardSchemeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/reward-schemes',
    {
      config: { permission: 'policy:view' },
      schema: {
        tags,
        summary: "A policy's reward-scheme versions, newest (in force) first",
        security,
        querystring: schemeVersionsQuery,
        response: { 200: envelopeOf(schemeVersions) },
      },
    },
    async (request) => ok(await loadSchemeVersions(app.db, request.query.policyId)),
  );
  app.post(
    '/reward-schemes/save',
    {
      config: { permission: 'policy:manage' },
      schema: {
        tags,
        summary: "Save a policy's reward scheme as its next version (activations from now on)",
        security,
        body: saveSchemeRequest,
        response: { 200: envelopeOf(z.object({ version: z.number() })) },
      },
    },
    async (request) => ok(await saveScheme(app.db, operatorOf(request), request.body), '已保存'),
  );
  listRoute(app, '/false-activations', {
    permission: 'ledger:view',
    summary: 'Activations no qualifying trade made, with their held rewards (keyset)',
    querystring: falseActivationQuery,
    row: falseActivation,
    list: (q) => falseActivationList(q),
  });
  app.post(
    '/false-activations/propose',
    {
      config: { permission: 'ledger:adjust' },
      schema: {
        tags,
        summary: "Propose to release or forfeit a false activation's held rewards",
        security,
        body: proposeReviewRequest,
        response: { 200: envelopeOf(z.object({ terminalId: z.number() })) },
      },
    },
    async (request) =>
      ok(await proposeReview(app.db, operatorOf(request), request.body), '已提交复核'),
  );
  app.post(
    '/false-activations/decide',
    {
      config: { permission: 'ledger:approve' },
      schema: {
        tags,
        summary: "Approve or reject another operator's proposal (a release credits the rewards)",
        security,
        body: decideReviewRequest,
        response: {
          200: envelopeOf(z.object({ status: z.number(), rewards: z.number() })),
        },
      },
    },
    async (request) => ok(await decideReview(app.db, operatorOf(request), request.body)),
  );
};
