import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../lib/app-error';
import type { ProviderSettings } from '../../provider-settings';
import type { BankCardCheck, IdentityOutcome, IdentityVerifier } from './identity-verifier';

/** What the person sees when the provider cannot answer; the reason is logged for operators. */
export const REAL_NAME_UNAVAILABLE = '实名认证服务暂时不可用，请稍后再试';

const ID_ANSWERS: Record<string, string> = {
  2: '姓名与身份证号不一致，请核对后重新提交',
  3: '身份证号查无此人，请核对后重新提交',
};
const BANK_ANSWERS: Record<string, string> = {
  2: '银行卡与持卡人身份信息不一致，请核对',
  3: '该银行卡暂无法核验，请更换银行卡',
};
const BANK_ANSWERS_WITH_MOBILE: Record<string, string> = {
  2: '银行卡、身份信息与银行预留手机号不一致，请核对',
  3: '该银行卡暂无法核验，请更换银行卡',
};

interface MarketAnswer {
  code?: number | string;
  msg?: string;
  data?: { result?: number | string; desc?: string } | null;
}

/**
 * Real-name checks through an identity-verification product bought on Alibaba Cloud's API market
 * (decision 029): one HTTP call per check, authorised with the product's AppCode
 * (`Authorization: APPCODE <code>`, the API gateway's simple authentication), the fields sent
 * as a form, the answer `{ code, msg, data: { result } }` with result 1 a match, 2 a mismatch and
 * 3 no record. The gateway's own refusals (a wrong AppCode, an exhausted quota) come back as an
 * HTTP error with X-Ca-Error-Message. Nothing asked is kept or logged but the outcome.
 */
export class MarketIdentityVerifier implements IdentityVerifier {
  constructor(
    private readonly settings: ProviderSettings['realName'],
    private readonly log: FastifyBaseLogger,
  ) {}

  async verify(input: { realName: string; idCard: string }): Promise<IdentityOutcome> {
    const answer = await this.ask('id', this.settings.idUrl, {
      name: input.realName,
      idcard: input.idCard,
    });
    return this.outcome('id', answer, ID_ANSWERS, '姓名或身份证号格式错误');
  }

  async verifyBankCard(input: BankCardCheck): Promise<IdentityOutcome> {
    const answer = await this.ask(input.mobile ? 'bank4' : 'bank3', this.settings.bankCardUrl, {
      name: input.realName,
      idcard: input.idCard,
      bankcard: input.cardNo,
      ...(input.mobile ? { mobile: input.mobile } : {}),
    });
    return this.outcome(
      input.mobile ? 'bank4' : 'bank3',
      answer,
      input.mobile ? BANK_ANSWERS_WITH_MOBILE : BANK_ANSWERS,
      '银行卡信息格式错误',
    );
  }

  private async ask(check: string, url: string, fields: Record<string, string>) {
    let res: Response;
    try {
      res = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `APPCODE ${this.settings.appCode}`,
          'content-type': 'application/x-www-form-urlencoded; charset=UTF-8',
          accept: 'application/json',
        },
        body: new URLSearchParams(fields).toString(),
        signal: AbortSignal.timeout(this.settings.timeoutMs),
      });
    } catch (error) {
      throw this.unavailable(check, 'unreachable', (error as Error).message);
    }
    if (!res.ok) {
      // The API gateway names its refusal in a header: Invalid AppCode, Quota Exhausted, ...
      const gateway = res.headers.get('x-ca-error-message') ?? '';
      await res.body?.cancel();
      throw this.unavailable(check, `http ${res.status}`, gateway);
    }
    try {
      return (await res.json()) as MarketAnswer;
    } catch {
      throw this.unavailable(check, 'not json', '');
    }
  }

  private outcome(
    check: string,
    answer: MarketAnswer,
    mismatch: Record<string, string>,
    malformed: string,
  ): IdentityOutcome {
    const code = Number(answer.code);
    if (code === 400) return { ok: false, reason: malformed };
    if (code !== 200)
      throw this.unavailable(check, `code ${String(answer.code)}`, answer.msg ?? '');
    const result = String(answer.data?.result ?? '');
    if (result === '1') return { ok: true };
    const reason = mismatch[result];
    if (reason) return { ok: false, reason };
    throw this.unavailable(check, `result ${result}`, answer.data?.desc ?? '');
  }

  private unavailable(check: string, what: string, detail: string) {
    this.log.error({ realName: { check, what, detail } }, 'the real-name provider did not answer');
    return new AppError('INTERNAL', REAL_NAME_UNAVAILABLE, { reason: 'REAL_NAME_UNAVAILABLE' });
  }
}
