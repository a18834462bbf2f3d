import {
  ID_CARD_IMAGE_MAX_BYTES,
  capitalTransferResult,
  envelopeOf,
  identityStatus,
  ok,
  payPasswordStatus,
  payoutRequest,
  payoutResult,
  rejectWithdrawRequest,
  setPayPasswordRequest,
  toCapitalPoolRequest,
  withdrawApplyRequest,
  withdrawIdQuery,
  withdrawListQuery,
  withdrawPage,
  withdrawPreview,
  withdrawPreviewQuery,
  withdrawal,
} from '@pos/core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import { getIdentityStatus } from '../../modules/identity/get-identity-status';
import { chooseIdentityVerifier } from '../../providers/identity/choose-identity-verifier';
import { uploadIdCard, type IdCardUpload } from '../../modules/identity/upload-id-card';
import { applyWithdrawal } from '../../modules/withdrawals/apply-withdrawal';
import { getWithdrawal, listWithdrawals } from '../../modules/withdrawals/list-withdrawals';
import { getPayPasswordStatus, setPayPassword } from '../../db/pay-password';
import { payOutWithdrawals } from '../../modules/withdrawals/pay-out-withdrawals';
import { payoutBankFor } from '../../providers/payout/payout-bank';
import { previewWithdrawal } from '../../modules/withdrawals/preview-withdrawal';
import { approveWithdrawal, rejectWithdrawal } from '../../modules/withdrawals/review-withdrawal';
import { toCapitalPool } from '../../modules/withdrawals/to-capital-pool';
import { callerOf, requireOperator } from '../../plugins/auth';

const security = [{ bearer: [] }];
const tags = ['withdrawals'];

/** Pay password, real-name verification, withdrawals and the transfer to the capital pool. */
export const withdrawalRoutes: FastifyPluginAsyncZod = async (app) => {
  const verifier = chooseIdentityVerifier(app.config, app.log);
  const rules = () => ({ feeFen: app.config.withdrawFeeFen, taxPpm: app.config.withdrawTaxPpm });

  app.get(
    '/api/ag/my/center/payPwd/status',
    {
      schema: {
        tags,
        summary: 'Whether a pay password is set, and minutes it is still locked',
        security,
        response: { 200: envelopeOf(payPasswordStatus) },
      },
    },
    async (request) => {
      const { agentId, topId } = callerOf(request);
      return ok(await getPayPasswordStatus(app.db, agentId, topId));
    },
  );

  app.post(
    '/api/ag/my/center/payPwd/set',
    {
      schema: {
        tags,
        summary: 'Set or reset the 6-digit pay password with a payPwd SMS code',
        security,
        body: setPayPasswordRequest,
        response: { 200: envelopeOf(z.null()) },
      },
    },
    async (request) => {
      await setPayPassword(app.db, callerOf(request).agentId, request.body, {
        scryptCost: app.config.scryptCost,
      });
      return ok(null, '支付密码设置成功');
    },
  );

  app.post(
    '/api/ag/agent/withdraw/detail/uploadCardImg',
    {
      schema: {
        tags,
        summary:
          'Upload ID card images (multipart files "front", "back"; fields "realName", "idCard"); verifies once complete',
        security,
        response: { 200: envelopeOf(identityStatus) },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw badRequest('请选择身份证图片', 'front');
      const input: IdCardUpload = {};
      try {
        for await (const part of request.parts({
          limits: { fileSize: ID_CARD_IMAGE_MAX_BYTES, files: 2 },
        })) {
          if (part.type === 'file') {
            if (part.fieldname !== 'front' && part.fieldname !== 'back') {
              await part.toBuffer().catch(() => undefined);
              continue;
            }
            let data: Buffer;
            try {
              data = await part.toBuffer();
            } catch {
              data = Buffer.alloc(ID_CARD_IMAGE_MAX_BYTES + 1);
            }
            input[part.fieldname] = { data, truncated: part.file.truncated };
          } else if (part.fieldname === 'realName' || part.fieldname === 'idCard') {
            input[part.fieldname] = String(part.value ?? '');
          }
        }
      } catch (err) {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
          throw badRequest('身份证图片不能超过2MB', 'front');
        throw badRequest('图片上传失败，请重新选择', 'front');
      }
      return ok(
        await uploadIdCard(
          { db: app.db, cipher: app.cipher, verifier },
          callerOf(request).agentId,
          input,
        ),
        '提交成功',
      );
    },
  );

  app.get(
    '/api/ag/agent/withdraw/detail/verifyCardImg',
    {
      schema: {
        tags,
        summary: 'My real-name verification state',
        security,
        response: { 200: envelopeOf(identityStatus) },
      },
    },
    async (request) => {
      const { agentId, topId } = callerOf(request);
      return ok(await getIdentityStatus(app.db, agentId, topId));
    },
  );

  app.get(
    '/api/ag/agent/withdraw/preview',
    {
      schema: {
        tags,
        summary: 'Fee, tax and net of a withdrawal, and the available balance',
        security,
        querystring: withdrawPreviewQuery,
        response: { 200: envelopeOf(withdrawPreview) },
      },
    },
    async (request) =>
      ok(await previewWithdrawal(app.db, callerOf(request), request.query, rules())),
  );

  app.post(
    '/api/ag/agent/withdraw/apply',
    {
      schema: {
        tags,
        summary: 'Request a withdrawal (frozen at once; idempotent by idempotencyKey)',
        security,
        body: withdrawApplyRequest,
        response: { 200: envelopeOf(withdrawal) },
      },
    },
    async (request) =>
      ok(await applyWithdrawal(app.db, callerOf(request), request.body, rules()), '提现申请已提交'),
  );

  app.get(
    '/api/ag/agent/withdraw/list',
    {
      schema: {
        tags,
        summary: 'My withdrawals, newest first (keyset)',
        security,
        querystring: withdrawListQuery,
        response: { 200: envelopeOf(withdrawPage) },
      },
    },
    async (request) => ok(await listWithdrawals(app.db, callerOf(request), request.query)),
  );

  app.get(
    '/api/ag/agent/withdraw/info',
    {
      schema: {
        tags,
        summary: 'One of my withdrawals',
        security,
        querystring: withdrawIdQuery,
        response: { 200: envelopeOf(withdrawal) },
      },
    },
    async (request) => ok(await getWithdrawal(app.db, callerOf(request), request.query.id)),
  );

  app.post(
    '/api/ag/agent/withdraw/approve',
    {
      schema: {
        tags,
        summary: 'Operator: approve a pending withdrawal',
        security,
        body: withdrawIdQuery,
        response: { 200: envelopeOf(withdrawal) },
      },
    },
    async (request) =>
      ok(await approveWithdrawal(app.db, requireOperator(request), request.body.id)),
  );

  app.post(
    '/api/ag/agent/withdraw/reject',
    {
      schema: {
        tags,
        summary: 'Operator: reject a pending withdrawal; the money returns to the wallet',
        security,
        body: rejectWithdrawRequest,
        response: { 200: envelopeOf(withdrawal) },
      },
    },
    async (request) => ok(await rejectWithdrawal(app.db, requireOperator(request), request.body)),
  );

  app.post(
    '/api/ag/agent/withdraw/payout',
    {
      schema: {
        tags,
        summary: 'Operator: pay approved withdrawals through the payout adapter (PAYOUT)',
        security,
        body: payoutRequest,
        response: { 200: envelopeOf(payoutResult) },
      },
    },
    async (request) => {
      requireOperator(request);
      const bank = payoutBankFor(app);
      if (!bank) throw badRequest('打款通道未开放（PAYOUT=disabled）');
      return ok(
        await payOutWithdrawals({ db: app.db, bank, cipher: app.cipher }, request.body?.id),
      );
    },
  );

  app.post(
    '/api/ag/agent/wallet/toCapitalPool',
    {
      schema: {
        tags,
        summary: 'Move money from an earnings wallet to the capital pool (idempotent)',
        security,
        body: toCapitalPoolRequest,
        response: { 200: envelopeOf(capitalTransferResult) },
      },
    },
    async (request) =>
      ok(await toCapitalPool(app.db, callerOf(request).agentId, request.body), '转入成功'),
  );
};
