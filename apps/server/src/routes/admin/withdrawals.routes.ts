import {
  adminWithdrawal,
  adminWithdrawalQuery,
  batchRejectRequest,
  batchResult,
  envelopeOf,
  idsRequest,
  ok,
  pageOf,
  revealRequest,
  revealResult,
  withdrawalStatusLabel,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { keysetPage, sendCsv } from '../../lib/keyset';
import {
  payWithdrawals,
  retryWithdrawals,
  revealWithdrawal,
  reviewWithdrawals,
  withdrawalList,
} from '../../modules/admin/withdrawals';
import { SimulatedPayoutBank } from '../../modules/withdrawals/payout-bank';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];
const bank = new SimulatedPayoutBank();
export const adminWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/withdrawals',
    {
      config: { permission: 'withdrawal:view' },
      schema: {
        tags,
        summary: 'Withdrawal review queue (keyset; format=csv exports)',
        security,
        querystring: adminWithdrawalQuery,
        response: { 200: envelopeOf(pageOf(adminWithdrawal)) },
      },
    },
    async (request, reply) => {
      const spec = withdrawalList(request.query);
      if (request.query.format === 'csv') {
        return sendCsv(
          reply,
          app.db,
          spec,
          request.query,
          [
            { header: 'ID', type: 'number', value: (r) => r.id },
            { header: '代理', value: (r) => r.agentName },
            { header: '手机号', value: (r) => r.agentMobile },
            { header: '金额(元)', type: 'fen', value: (r) => r.amountFen },
            { header: '手续费(元)', type: 'fen', value: (r) => r.feeFen },
            { header: '税费(元)', type: 'fen', value: (r) => r.taxFen },
            { header: '到账(元)', type: 'fen', value: (r) => r.netFen },
            { header: '开户名', value: (r) => r.holderName },
            { header: '银行', value: (r) => r.bankName },
            { header: '卡号', value: (r) => r.cardMasked },
            { header: '状态', value: (r) => withdrawalStatusLabel(r.status) },
            { header: '原因', value: (r) => r.reason },
            { header: '申请时间(北京时间)', type: 'time', value: (r) => r.createdAt },
          ],
          'withdrawals',
        );
      }
      return ok(await keysetPage(app.db, spec, request.query));
    },
  );
  app.post(
    '/withdrawals/approve',
    {
      config: { permission: 'withdrawal:review' },
      schema: {
        tags,
        summary: 'Approve pending withdrawals',
        security,
        body: idsRequest,
        response: { 200: envelopeOf(batchResult) },
      },
    },
    async (request) =>
      ok(
        await reviewWithdrawals(app.db, operatorOf(request), {
          ids: request.body.ids,
          approve: true,
        }),
      ),
  );
  app.post(
    '/withdrawals/reject',
    {
      config: { permission: 'withdrawal:review' },
      schema: {
        tags,
        summary: 'Reject pending withdrawals with a reason; the money returns to the wallet',
        security,
        body: batchRejectRequest,
        response: { 200: envelopeOf(batchResult) },
      },
    },
    async (request) =>
      ok(
        await reviewWithdrawals(app.db, operatorOf(request), {
          ids: request.body.ids,
          approve: false,
          reason: request.body.reason,
        }),
      ),
  );
  app.post(
    '/withdrawals/pay',
    {
      config: { permission: 'withdrawal:pay' },
      schema: {
        tags,
        summary: 'Pay approved withdrawals through the payout adapter',
        security,
        body: idsRequest,
        response: { 200: envelopeOf(batchResult) },
      },
    },
    async (request) =>
      ok(
        await payWithdrawals(
          { db: app.db, bank, cipher: app.cipher },
          operatorOf(request),
          request.body.ids,
        ),
      ),
  );
  app.post(
    '/withdrawals/retry',
    {
      config: { permission: 'withdrawal:pay' },
      schema: {
        tags,
        summary: 'Freeze a failed payout anew and return it to approved',
        security,
        body: idsRequest,
        response: { 200: envelopeOf(batchResult) },
      },
    },
    async (request) => ok(await retryWithdrawals(app.db, operatorOf(request), request.body.ids)),
  );
  app.post(
    '/withdrawals/reveal',
    {
      config: { permission: 'pii:reveal' },
      schema: {
        tags,
        summary: 'The unmasked card or ID number (audited)',
        security,
        body: revealRequest,
        response: { 200: envelopeOf(revealResult) },
      },
    },
    async (request) =>
      ok(await revealWithdrawal(app.db, app.cipher, operatorOf(request), request.body)),
  );
};
