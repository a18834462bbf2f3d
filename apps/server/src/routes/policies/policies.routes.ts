import {
  agentPolicyDetail,
  agentRateInfoParams,
  createProductPolicyRequest,
  envelopeOf,
  ok,
  openCandidatePage,
  openCandidatesQuery,
  openDraft,
  openDraftQuery,
  openedForChildrenPage,
  openedForChildrenQuery,
  openedPolicy,
  openPolicyRequest,
  openPolicyResponse,
  openRootPolicyRequest,
  productPolicyInfo,
  productPolicyQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createProductPolicy } from '../../modules/policies/create-product-policy';
import { getAgentPolicy } from '../../modules/policies/get-agent-policy';
import { getOpenDraft } from '../../modules/policies/get-open-draft';
import { getProductPolicy } from '../../modules/policies/get-product-policy';
import { listOpenCandidates } from '../../modules/policies/list-open-candidates';
import { listOpenedForChildren } from '../../modules/policies/list-opened-for-children';
import { listOwnPolicies } from '../../modules/policies/list-own-policies';
import { openPolicyForChild } from '../../modules/policies/open-policy-for-child';
import { openRootPolicy } from '../../modules/policies/open-root-policy';
import { callerOf, requireOperator } from '../../plugins/auth';

const tags = ['policies'];
const security = [{ bearer: [] }];

/** Opened policies, opening for sub-agents, and the operators' product policies. */
export const policyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/agent/open/policy/info',
    {
      schema: {
        tags,
        summary: "The caller's opened policies (kept by the app as policyList)",
        security,
        response: { 200: envelopeOf(z.array(openedPolicy)) },
      },
    },
    async (request) => ok(await listOwnPolicies(app.db, callerOf(request))),
  );

  app.get(
    '/api/agent-rate/info/:id',
    {
      schema: {
        tags,
        summary: "One opened policy in full: the caller's own or one of its subtree's",
        security,
        params: agentRateInfoParams,
        response: { 200: envelopeOf(agentPolicyDetail) },
      },
    },
    async (request) => ok(await getAgentPolicy(app.db, callerOf(request), request.params.id)),
  );

  app.get(
    '/api/ag/agent/open/policy/children',
    {
      schema: {
        tags,
        summary:
          'Direct sub-agents the caller may open policies for, with what they hold (keyset pages)',
        security,
        querystring: openCandidatesQuery,
        response: { 200: envelopeOf(openCandidatePage) },
      },
    },
    async (request) => ok(await listOpenCandidates(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/agent/open/policy/draft',
    {
      schema: {
        tags,
        summary:
          "What the open-policy form starts from: product, the caller's terms, the child's current terms",
        security,
        querystring: openDraftQuery,
        response: { 200: envelopeOf(openDraft) },
      },
    },
    async (request) => ok(await getOpenDraft(app.db, callerOf(request), request.query)),
  );

  app.post(
    '/api/ag/agent/open/policy/open',
    {
      schema: {
        tags,
        summary:
          'Open a policy for a direct sub-agent, or edit its terms (costs only down, rewards only up)',
        security,
        body: openPolicyRequest,
        response: { 200: envelopeOf(openPolicyResponse) },
      },
    },
    async (request) => {
      const result = await openPolicyForChild(app.db, callerOf(request), request.body);
      return ok(result, result.created ? '开通成功' : '修改成功');
    },
  );

  app.get(
    '/api/ag/agent/open/policy/opened',
    {
      schema: {
        tags,
        summary: 'Policies the caller opened for its direct sub-agents (keyset pages)',
        security,
        querystring: openedForChildrenQuery,
        response: { 200: envelopeOf(openedForChildrenPage) },
      },
    },
    async (request) => ok(await listOpenedForChildren(app.db, callerOf(request), request.query)),
  );

  // Operators ----------------------------------------------------------------------------------

  app.post(
    '/api/admin/policy/product',
    {
      schema: {
        tags,
        summary:
          "Operators: define a brand's product policy (rates, activation, standards, fee options)",
        security,
        body: createProductPolicyRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) => {
      requireOperator(request);
      return ok(await createProductPolicy(app.db, request.body), '创建成功');
    },
  );

  app.get(
    '/api/admin/policy/product',
    {
      schema: {
        tags,
        summary: 'Operators: a product policy with every term',
        security,
        querystring: productPolicyQuery,
        response: { 200: envelopeOf(productPolicyInfo) },
      },
    },
    async (request) => {
      requireOperator(request);
      return ok(await getProductPolicy(app.db, request.query.id));
    },
  );

  app.post(
    '/api/admin/policy/open-top',
    {
      schema: {
        tags,
        summary:
          'Operators: open a product policy for a top-level agent (its root policy), or edit it',
        security,
        body: openRootPolicyRequest,
        response: { 200: envelopeOf(openPolicyResponse) },
      },
    },
    async (request) => {
      const caller = requireOperator(request);
      const result = await openRootPolicy(app.db, caller, request.body);
      return ok(result, result.created ? '开通成功' : '修改成功');
    },
  );
};
