import {
  changeFeeRequest,
  changeFeeResponse,
  changeInfoQuery,
  changeMerchantRateRequest,
  changeMerchantRateResponse,
  envelopeOf,
  feeChangeDetail,
  feeChangeListQuery,
  feeChangePage,
  feeTerminalPage,
  feeTerminalsQuery,
  merchantRateInfo,
  merchantRateInfoQuery,
  ok,
  rateChangeDetail,
  rateChangeListQuery,
  rateChangePage,
  rateMerchantsPage,
  rateMerchantsQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acquirerFor } from '../../providers/acquirer/acquirer';
import { changeMerchantRate } from '../../modules/rate-changes/change-merchant-rate';
import { changeTerminalFee } from '../../modules/rate-changes/change-terminal-fee';
import { getFeeChange } from '../../modules/rate-changes/get-fee-change';
import { getMerchantRateInfo } from '../../modules/rate-changes/get-merchant-rate-info';
import { getRateChange } from '../../modules/rate-changes/get-rate-change';
import { listFeeChanges } from '../../modules/rate-changes/list-fee-changes';
import { listFeeTerminals } from '../../modules/rate-changes/list-fee-terminals';
import { listRateChanges } from '../../modules/rate-changes/list-rate-changes';
import { listRateMerchants } from '../../modules/rate-changes/list-rate-merchants';
import { callerOf } from '../../plugins/auth';

const tags = ['rate and fee changes'];
const security = [{ bearer: [] }];

/** Merchant rate changes and terminal fee changes, which go to the acquirer. */
export const rateChangeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/ag/rate/change/merchants',
    {
      schema: {
        tags,
        summary: "The caller's direct merchants, whose rates it may change (keyset pages)",
        security,
        querystring: rateMerchantsQuery,
        response: { 200: envelopeOf(rateMerchantsPage) },
      },
    },
    async (request) => ok(await listRateMerchants(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/rate/change/merchant',
    {
      schema: {
        tags,
        summary: "A merchant's rates and what its direct agent may change them to",
        security,
        querystring: merchantRateInfoQuery,
        response: { 200: envelopeOf(merchantRateInfo) },
      },
    },
    async (request) =>
      ok(await getMerchantRateInfo(app.db, callerOf(request), request.query.merchantId)),
  );

  app.post(
    '/api/ag/rate/change/apply',
    {
      schema: {
        tags,
        summary:
          "Change a merchant's rates (within range, not below own cost, once per rate type a month)",
        security,
        body: changeMerchantRateRequest,
        response: { 200: envelopeOf(changeMerchantRateResponse) },
      },
    },
    async (request) =>
      ok(
        await changeMerchantRate(app.db, callerOf(request), request.body, {
          acquirer: acquirerFor(app),
          log: request.log,
        }),
        '已提交，等待收单机构处理',
      ),
  );

  app.get(
    '/api/ag/rate/change/list',
    {
      schema: {
        tags,
        summary: "Rate changes of the caller's subtree's merchants, newest first (keyset pages)",
        security,
        querystring: rateChangeListQuery,
        response: { 200: envelopeOf(rateChangePage) },
      },
    },
    async (request) => ok(await listRateChanges(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/rate/change/info',
    {
      schema: {
        tags,
        summary:
          'One rate change: who asked, old and new rate, when, status and the acquirer reason',
        security,
        querystring: changeInfoQuery,
        response: { 200: envelopeOf(rateChangeDetail) },
      },
    },
    async (request) => ok(await getRateChange(app.db, callerOf(request), request.query.id)),
  );

  app.get(
    '/api/ag/fee/change/terminals',
    {
      schema: {
        tags,
        summary:
          'Unbound terminals the caller holds, whose service or communication fee it may change',
        security,
        querystring: feeTerminalsQuery,
        response: { 200: envelopeOf(feeTerminalPage) },
      },
    },
    async (request) => ok(await listFeeTerminals(app.db, callerOf(request), request.query)),
  );

  app.post(
    '/api/ag/fee/change/apply',
    {
      schema: {
        tags,
        summary:
          'Change the service fee (kind 1) or communication fee (kind 2) of a batch of unbound terminals',
        security,
        body: changeFeeRequest,
        response: { 200: envelopeOf(changeFeeResponse) },
      },
    },
    async (request) =>
      ok(
        await changeTerminalFee(app.db, callerOf(request), request.body, {
          acquirer: acquirerFor(app),
          log: request.log,
        }),
        '已提交，等待收单机构处理',
      ),
  );

  app.get(
    '/api/ag/fee/change/list',
    {
      schema: {
        tags,
        summary:
          "Fee changes of the caller's subtree, newest first; with sn, one terminal's history",
        security,
        querystring: feeChangeListQuery,
        response: { 200: envelopeOf(feeChangePage) },
      },
    },
    async (request) => ok(await listFeeChanges(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/fee/change/info',
    {
      schema: {
        tags,
        summary: 'One fee change batch with its terminals and their old fee',
        security,
        querystring: changeInfoQuery,
        response: { 200: envelopeOf(feeChangeDetail) },
      },
    },
    async (request) => ok(await getFeeChange(app.db, callerOf(request), request.query.id)),
  );
};
