import type { AlipaySdk, AlipaySdkCommonResult } from 'alipay-sdk';
import { describe, succeeded, unknownOutcome, yuanOf } from '../payments/alipay/alipay-client';
import type { PayoutAccountType, PayoutBank, PayoutRequest, PayoutResult } from './payout-bank';

const BIZ_SCENE = 'DIRECT_TRANSFER';

/**
 * How each kind of settlement account is paid: an Alipay account by its login id
 * (TRANS_ACCOUNT_NO_PWD), a bank card by its number (TRANS_BANKCARD_NO_PWD, a private account:
 * bankcard_ext_info.account_type 2). The query names the same product as the transfer.
 */
const PRODUCT: Record<PayoutAccountType, { code: string; identityType: string }> = {
  alipay: { code: 'TRANS_ACCOUNT_NO_PWD', identityType: 'ALIPAY_LOGON_ID' },
  bank: { code: 'TRANS_BANKCARD_NO_PWD', identityType: 'BANKCARD_ACCOUNT' },
};

/**
 * Withdrawals paid by alipay.fund.trans.uni.transfer (single transfer without password, decision
 * 027): into the agent's Alipay account, or to its bank card through Alipay. The payout number is
 * the transfer's out_biz_no, so a transfer sent twice is made once. A transfer Alipay has not
 * finished (or whose answer was lost) is pending: alipay.fund.trans.common.query is asked until it
 * is SUCCESS or a failure.
 */
export class AlipayPayout implements PayoutBank {
  readonly simulated = false;

  constructor(
    private readonly sdk: AlipaySdk,
    private readonly opts: { orderTitle: string } = { orderTitle: '佣金提现' },
  ) {}

  async pay(input: PayoutRequest): Promise<PayoutResult> {
    const product = PRODUCT[input.accountType];
    let r: AlipaySdkCommonResult;
    try {
      r = await this.exec('alipay.fund.trans.uni.transfer', {
        outBizNo: input.payoutNo,
        transAmount: yuanOf(input.netFen),
        productCode: product.code,
        bizScene: BIZ_SCENE,
        orderTitle: this.opts.orderTitle,
        payeeInfo: {
          identity: input.account,
          identityType: product.identityType,
          name: input.holderName,
          ...(input.accountType === 'bank' ? { bankcardExtInfo: { accountType: '2' } } : {}),
        },
        remark: `提现 ${input.withdrawalId}`,
      });
    } catch (err) {
      // No answer (or one that did not verify): the transfer may exist. Ask, never resend blind.
      return { state: 'pending', ref: input.payoutNo, reason: `转账结果待确认：${message(err)}` };
    }
    if (succeeded(r)) return this.reading(r, input.payoutNo);
    if (unknownOutcome(r))
      return { state: 'pending', ref: input.payoutNo, reason: `转账结果待确认：${describe(r)}` };
    // A business refusal (payee unknown, name mismatch, over a limit…): nothing was paid.
    return { state: 'failed', reason: `支付宝转账失败：${String(r.subMsg ?? r.msg ?? r.code)}` };
  }

  async status(input: PayoutRequest): Promise<PayoutResult | { state: 'unsent' }> {
    let r: AlipaySdkCommonResult;
    try {
      r = await this.exec('alipay.fund.trans.common.query', {
        outBizNo: input.payoutNo,
        productCode: PRODUCT[input.accountType].code,
        bizScene: BIZ_SCENE,
      });
    } catch (err) {
      return { state: 'pending', ref: input.payoutNo, reason: `转账结果待确认：${message(err)}` };
    }
    if (!succeeded(r)) {
      if (r.subCode === 'ORDER_NOT_EXIST') return { state: 'unsent' };
      return { state: 'pending', ref: input.payoutNo, reason: `转账结果待确认：${describe(r)}` };
    }
    return this.reading(r, input.payoutNo);
  }

  /** A transfer's status as Alipay reports it (the transfer's answer and the query share it). */
  private reading(r: AlipaySdkCommonResult, payoutNo: string): PayoutResult {
    const ref = String(r.orderId ?? r.payFundOrderId ?? payoutNo);
    switch (r.status) {
      case 'SUCCESS':
        return { state: 'paid', ref };
      case 'FAIL':
      case 'CLOSED':
      case 'REFUND':
        return {
          state: 'failed',
          reason: `支付宝转账失败：${String(r.failReason ?? r.errorCode ?? r.status)}`,
        };
      default:
        return {
          state: 'pending',
          ref,
          reason: `支付宝转账处理中（${String(r.status ?? '未知')}）`,
        };
    }
  }

  private exec(method: string, bizContent: Record<string, unknown>) {
    return this.sdk.exec(method, { bizContent }, { validateSign: true });
  }
}

const message = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 120);
