import {
  adminWithdrawal,
  adminWithdrawalQuery,
  batchRejectRequest,
  batchResult,
  envelopeOf,
  idsRequest,
  ok,
  revealRequest,
  revealResult,
  taxChannelDecision,
  taxChannelList,
  taxChannelProposal,
  withdrawalStatusLabel,
} from '@pos/core';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listRoute } from './list-route';
import {
  payWithdrawals,
  retryWithdrawals,
  revealWithdrawal,
  reviewWithdrawals,
  withdrawalList,
} from '../../modules/admin/withdrawals';
import { payoutBankFor } from '../../providers/payout/payout-bank';
import {
  decideTaxChannelChange,
  listTaxChannels,
  proposeTaxChannelChange,
} from '../../modules/withdrawals/tax-channels';
import { badRequest } from '../../lib/app-error';
import { operatorOf } from '../../plugins/admin-auth';

const tags = ['admin'];
const security = [{ bearer: [] }];
export const adminWithdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/withdrawals', {
    permission: 'withdrawal:view',
    summary: 'Withdrawal review queue (keyset; format=csv exports)',
    querystring: adminWithdrawalQuery,
    row: adminWithdrawal,
    list: (q) => withdrawalList(q),
    csv: {
      fileName: 'withdrawals',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '代理', value: (r) => r.agentName },
        { header: '手机号', value: (r) => r.agentMobile },
        { header: '金额(元)', type: 'fen', value: (r) => r.amountFen },
        { header: '手续费(元)', type: 'fen', value: (r) => r.feeFen },
        { header: '税费(元)', type: 'fen', value: (r) => r.taxFen },
        { header: '增值税(元)', type: 'fen', value: (r) => r.vatFen },
        { header: '个税(元)', type: 'fen', value: (r) => r.pitFen },
        { header: '税务通道', value: (r) => r.taxChannelName },
        { header: '到账(元)', type: 'fen', value: (r) => r.netFen },
        { header: '开户名', value: (r) => r.holderName },
        { header: '银行', value: (r) => r.bankName },
        { header: '卡号', value: (r) => r.cardMasked },
        { header: '状态', value: (r) => withdrawalStatusLabel(r.status) },
        { header: '原因', value: (r) => r.reason },
        { header: '申请时间(北京时间)', type: 'time', value: (r) => r.createdAt },
      ],
    },
  });
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
    async (request) => {
      const bank = payoutBankFor(app);
      if (!bank) throw badRequest('打款通道未开放（PAYOUT=disabled）');
      return ok(
        await payWithdrawals(
          { db: app.db, bank, cipher: app.cipher },
          operatorOf(request),
          request.body.ids,
        ),
      );
    },
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

  // Tax channels (decision 034): read with the withdrawals, changed under four eyes.
  const rules = () => ({ feeFen: app.config.withdrawFeeFen, taxPpm: app.config.withdrawTaxPpm });
  app.get(
    '/tax-channels',
    {
      config: { permission: 'withdrawal:view' },
      schema: {
        tags,
        security,
        summary: 'Tax channels per wallet and their proposed changes (pending first)',
        response: { 200: envelopeOf(taxChannelList) },
      },
    },
    async () => ok(await listTaxChannels(app.db, rules())),
  );
  app.post(
    '/tax-channels/propose',
    {
      config: { permission: 'tax_channel:manage' },
      schema: {
        tags,
        security,
        summary: 'Propose a tax channel (applied only when another operator approves)',
        body: taxChannelProposal,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(await proposeTaxChannelChange(app.db, operatorOf(request), request.body), '已提交复核'),
  );
  app.post(
    '/tax-channels/changes/decide',
    {
      config: { permission: 'tax_channel:manage' },
      schema: {
        tags,
        security,
        summary: "Approve (writes the channel, a new version) or reject another operator's change",
        body: taxChannelDecision,
        response: { 200: envelopeOf(z.object({ status: z.number() })) },
      },
    },
    async (request) => ok(await decideTaxChannelChange(app.db, operatorOf(request), request.body)),
  );
};
