import {
  addOtherSettleRequest,
  addSettleRequest,
  delOtherSettleRequest,
  envelopeOf,
  ok,
  sendSmsResponse,
  settleAccount,
  settleAccountList,
  settleSmsQuery,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardBin } from '../../modules/identity/card-bin';
import { chooseIdentityVerifier } from '../../providers/identity/choose-identity-verifier';
import { addOtherAccount } from '../../modules/settle-accounts/add-other-account';
import { delOtherAccount } from '../../modules/settle-accounts/del-other-account';
import { listSettleAccounts } from '../../modules/settle-accounts/list-settle-accounts';
import { saveOwnAccount } from '../../modules/settle-accounts/save-own-account';
import { sendSmsCode } from '../../modules/sms/send-sms-code';
import { callerOf } from '../../plugins/auth';

const security = [{ bearer: [] }];
const tags = ['settle-accounts'];

/** Settlement accounts: the own bank card and accounts of other holders. */
export const settleAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const verifier = chooseIdentityVerifier(app.config, app.log);
  const deps = () => ({ db: app.db, cipher: app.cipher, verifier });

  app.get(
    '/api/ag/my/center/settlement/cardBin',
    {
      schema: {
        tags,
        summary: 'The issuing bank of a card number, from its BIN (null when unknown)',
        security,
        querystring: z.object({ cardNo: z.string().regex(/^\d{12,19}$/, '银行卡号格式错误') }),
        response: {
          200: envelopeOf(z.object({ bankName: z.string(), cardTypeName: z.string() }).nullable()),
        },
      },
    },
    async (request) => {
      const bin = cardBin(request.query.cardNo);
      return ok(bin && { bankName: bin.bankName, cardTypeName: bin.cardTypeName });
    },
  );

  app.get(
    '/api/ag/my/center/settlement/list',
    {
      schema: {
        tags,
        summary: 'My settlement accounts (masked)',
        security,
        response: { 200: envelopeOf(settleAccountList) },
      },
    },
    async (request) => ok(await listSettleAccounts(app.db, callerOf(request))),
  );

  app.post(
    '/app/api/user/settle/add',
    {
      schema: {
        tags,
        summary: 'Bind my own bank card (holder = verified real name)',
        security,
        body: addSettleRequest,
        response: { 200: envelopeOf(settleAccount) },
      },
    },
    async (request) =>
      ok(await saveOwnAccount(deps(), callerOf(request).agentId, request.body, 'add'), '绑定成功'),
  );

  app.post(
    '/api/ag/my/center/settlement/edit',
    {
      schema: {
        tags,
        summary: 'Replace my own bank card',
        security,
        body: addSettleRequest,
        response: { 200: envelopeOf(settleAccount) },
      },
    },
    async (request) =>
      ok(await saveOwnAccount(deps(), callerOf(request).agentId, request.body, 'edit'), '修改成功'),
  );

  app.get(
    '/api/ag/my/center/settle/sendSMS',
    {
      schema: {
        tags,
        summary: "Send a 'settle' code to another holder's mobile",
        security,
        querystring: settleSmsQuery,
        response: { 200: envelopeOf(sendSmsResponse) },
      },
    },
    async (request) =>
      ok(
        await sendSmsCode(
          { db: app.db, sender: app.sms },
          { mobile: request.query.mobile, scene: 'settle', ip: request.ip },
        ),
        '验证码已发送',
      ),
  );

  app.post(
    '/api/ag/my/center/settlement/addOther',
    {
      schema: {
        tags,
        summary: "Add another holder's account (code sent to the holder's mobile)",
        security,
        body: addOtherSettleRequest,
        response: { 200: envelopeOf(settleAccount) },
      },
    },
    async (request) =>
      ok(await addOtherAccount(deps(), callerOf(request).agentId, request.body), '添加成功'),
  );

  app.post(
    '/api/ag/my/center/settlement/delOther',
    {
      schema: {
        tags,
        summary: 'Delete one of my other accounts',
        security,
        body: delOtherSettleRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await delOtherAccount(app.db, callerOf(request).agentId, request.body.id);
      return ok(null, '删除成功');
    },
  );
};
