import {
  ledgerInfoTypeLabel,
  statementLine,
  statementQuery,
  adminTxn,
  adminTxnQuery,
  txnFlagOptions,
  txnKindOptions,
  transactionStatusOptions,
  adjustment,
  adjustmentQuery,
  createAdjustmentRequest,
  decideAdjustmentRequest,
  envelopeOf,
  ok,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listRoute } from './list-route';
import {
  adjustmentList,
  createAdjustment,
  decideAdjustment,
} from '../../modules/admin/adjustments';
import { operatorOf } from '../../plugins/admin-auth';
import { txnList } from '../../modules/admin/transactions';
import { statementList } from '../../modules/admin/history';

const tags = ['admin'];
const security = [{ bearer: [] }];
const status = ['待复核', '已入账', '已驳回'];

export const adminLedgerRoutes: FastifyPluginAsyncZod = async (app) => {
  listRoute(app, '/adjustments', {
    permission: 'ledger:view',
    summary: 'Manual ledger adjustments',
    querystring: adjustmentQuery,
    row: adjustment,
    list: (q) => adjustmentList(q),
    csv: {
      fileName: 'adjustments',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '代理', value: (r) => r.agentName },
        { header: '钱包', value: (r) => r.walletType },
        { header: '金额(元)', type: 'fen', value: (r) => r.amountFen },
        { header: '原因', value: (r) => r.reason },
        { header: '状态', value: (r) => status[r.status] },
        { header: '发起人', value: (r) => r.makerName },
        { header: '复核人', value: (r) => r.checkerName },
        { header: '发起时间(北京时间)', type: 'time', value: (r) => r.createdAt },
      ],
    },
  });
  app.post(
    '/adjustments/create',
    {
      config: { permission: 'ledger:adjust' },
      schema: {
        tags,
        summary: 'Propose an adjustment (posts only after a second operator approves)',
        security,
        body: createAdjustmentRequest,
        response: { 200: envelopeOf(z.object({ id: z.number() })) },
      },
    },
    async (request) =>
      ok(await createAdjustment(app.db, operatorOf(request), request.body), '已提交复核'),
  );
  app.post(
    '/adjustments/decide',
    {
      config: { permission: 'ledger:approve' },
      schema: {
        tags,
        summary: "Approve (posts through the ledger) or reject another operator's adjustment",
        security,
        body: decideAdjustmentRequest,
        response: {
          200: envelopeOf(z.object({ status: z.number(), entryId: z.number().nullable() })),
        },
      },
    },
    async (request) => ok(await decideAdjustment(app.db, operatorOf(request), request.body)),
  );
  listRoute(app, '/transactions', {
    permission: 'ledger:view',
    summary:
      'Transactions by days (today by default), agent subtree, status, SN, acquirer id, merchant number or flagged (keyset; format=csv)',
    querystring: adminTxnQuery,
    row: adminTxn,
    list: (q, db) => txnList(db, q),
    csv: {
      fileName: 'transactions',
      columns: [
        { header: 'ID', type: 'number', value: (r) => r.id },
        { header: '收单交易号', value: (r) => r.acquirerTxnId },
        { header: 'SN', value: (r) => r.sn },
        { header: '商户', value: (r) => r.merchantName },
        { header: '代理', value: (r) => r.agentName },
        { header: '代理手机号', value: (r) => r.agentMobile },
        { header: '类型', value: (r) => txnKindOptions.find((o) => o.value === r.kind)?.zh },
        { header: '金额(元)', type: 'fen', value: (r) => r.amountFen },
        { header: '手续费(元)', type: 'fen', value: (r) => r.feeFen },
        {
          header: '状态',
          value: (r) => transactionStatusOptions.find((o) => o.value === r.status)?.zh,
        },
        {
          header: '异常',
          value: (r) => txnFlagOptions.find((o) => o.value === r.flag)?.zh ?? r.flag,
        },
        { header: '交易时间(北京时间)', type: 'time', value: (r) => r.tradeTime },
      ],
    },
  });
  listRoute(app, '/ledger/statement', {
    permission: 'ledger:view',
    summary: "An agent's statement for one wallet (keyset; format=csv exports it)",
    querystring: statementQuery,
    row: statementLine,
    list: (q) => statementList(q),
    csv: {
      fileName: (q) => `statement-${q.agentId}-${q.walletType}`,
      columns: [
        { header: '流水ID', type: 'number', value: (r) => r.id },
        { header: '凭证', type: 'number', value: (r) => r.entryId },
        { header: '类型', value: (r) => ledgerInfoTypeLabel(r.infoType) },
        { header: '金额(元)', type: 'fen', value: (r) => r.amountFen },
        { header: '交易', type: 'number', value: (r) => r.txnId },
        { header: '备注', value: (r) => r.memo },
        { header: '时间(北京时间)', type: 'time', value: (r) => r.createdAt },
      ],
    },
  });
};
