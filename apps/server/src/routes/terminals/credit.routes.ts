import {
  creditControlRequest,
  creditDecisionRequest,
  creditSaleInfo,
  creditSaleInfoQuery,
  creditSaleListQuery,
  creditSalePage,
  creditSalePreview,
  creditSaleRequest,
  creditSaleResult,
  CREDIT_STATUSES,
  envelopeOf,
  ok,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { controlCreditSale, decideCreditSale } from '../../modules/credit/decide-credit';
import { getCreditSale, listCreditSales } from '../../modules/credit/list-credit';
import { previewCreditSale, sellOnCredit } from '../../modules/credit/sell-on-credit';
import { callerOf } from '../../plugins/auth';

const tags = ['terminals on credit'];
const security = [{ bearer: [] }];
const answer = envelopeOf(z.object({ status: z.enum(CREDIT_STATUSES) }));

/**
 * Terminals on credit (货款代扣, issue 33): the seller's preview and offer, the receiver's
 * answer, the seller's controls, and both sides' lists and details, under /api/term-info/credit.
 */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/term-info/credit/preview',
    {
      schema: {
        tags,
        summary: 'What a sale on credit would do: count, price, schedule and the chain of debts',
        security,
        body: creditSaleRequest,
        response: { 200: envelopeOf(creditSalePreview) },
      },
    },
    async (request) => ok(await previewCreditSale(app.db, callerOf(request), request.body)),
  );

  app.post(
    '/api/term-info/credit/sell',
    {
      schema: {
        tags,
        summary: 'Offer terminals on credit: they wait, locked, until the receiver answers',
        security,
        body: creditSaleRequest,
        response: { 200: envelopeOf(creditSaleResult) },
      },
    },
    async (request) =>
      ok(await sellOnCredit(app.db, callerOf(request), request.body), '已发起赊销，等待对方确认'),
  );

  app.post(
    '/api/term-info/credit/decide',
    {
      schema: {
        tags,
        summary: 'The receiver accepts (the terminals move, the debt starts) or refuses',
        security,
        body: creditDecisionRequest,
        response: { 200: answer },
      },
    },
    async (request) => {
      const { msg, status } = await decideCreditSale(app.db, callerOf(request), request.body);
      return ok({ status }, msg);
    },
  );

  app.post(
    '/api/term-info/credit/control',
    {
      schema: {
        tags,
        summary: "The seller's pause, resume, cancel, or withdrawal of an unanswered offer",
        security,
        body: creditControlRequest,
        response: { 200: answer },
      },
    },
    async (request) => {
      const { msg, status } = await controlCreditSale(app.db, callerOf(request), request.body);
      return ok({ status }, msg);
    },
  );

  app.get(
    '/api/term-info/credit/list',
    {
      schema: {
        tags,
        summary:
          'My credit purchases (role=buyer) or sales (role=seller), newest first, keyset paged',
        security,
        querystring: creditSaleListQuery,
        response: { 200: envelopeOf(creditSalePage) },
      },
    },
    async (request) => ok(await listCreditSales(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/term-info/credit/info',
    {
      schema: {
        tags,
        summary: 'One sale on credit: schedule, every deduction, what is owed, the chain',
        security,
        querystring: creditSaleInfoQuery,
        response: { 200: envelopeOf(creditSaleInfo) },
      },
    },
    async (request) => ok(await getCreditSale(app.db, callerOf(request), request.query.id)),
  );
};
