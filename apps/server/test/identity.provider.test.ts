import { luhnCheck } from '@pos/core';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { cardBin } from '../src/modules/identity/card-bin';
import { MarketIdentityVerifier } from '../src/providers/identity/market-identity-verifier';
import { configProblems } from '../src/ops/config-check';
import { describeProviders, loadProviderSettings } from '../src/provider-settings';
import { startRealNameFake } from './fakes/realname-fake';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { pngOf } from './upload-helpers';

const PNG = pngOf(640, 400);
/** A card number with the right check digit after the prefix. */
function cardNo(prefix: string) {
  for (let d = 0; d < 10; d++) if (luhnCheck(prefix + d)) return prefix + d;
  throw new Error('no check digit');
}
/** The ID card form as the app sends it: the two sides, the name and the number. */
function multipart(parts: Record<string, string | Buffer>) {
  const boundary = `----realname${Math.random().toString(16).slice(2)}`;
  const chunks = Object.entries(parts).map(([name, value]) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\n`),
      Buffer.isBuffer(value)
        ? Buffer.concat([
            Buffer.from(
              `Content-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            value,
          ])
        : Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`),
      Buffer.from('\r\n'),
    ]),
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const APPCODE = 'f3c6a1b2d4e5f60718293a4b5c6d7e8f';
const ID_CARD = '11010519491231002X';
const OTHER_ID = '110105198001010016';
const CARD = cardNo('622848040256489001');
const OTHER_CARD = cardNo('621700123456789012');

const fake = await startRealNameFake(APPCODE, {
  people: [
    { name: DEMO_ACCOUNTS.grandchild.name, idCard: ID_CARD },
    { name: '陈真', idCard: OTHER_ID },
  ],
  cards: [
    {
      name: DEMO_ACCOUNTS.grandchild.name,
      idCard: ID_CARD,
      cardNo: CARD,
      mobile: DEMO_ACCOUNTS.grandchild.mobile,
    },
  ],
});
const env = {
  REALNAME_ID_URL: fake.idUrl,
  REALNAME_BANKCARD_URL: fake.bankCardUrl,
  REALNAME_APPCODE: APPCODE,
};
const ctx = await createTestContext({
  identityVerifier: 'market',
  providers: loadProviderSettings(env),
});
const { app } = ctx;

async function submitIdentity(token: string, realName: string, idCard: string) {
  const mp = multipart({ realName, idCard, front: PNG, back: PNG });
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
    headers: { ...bearer(token), ...mp.headers },
    payload: mp.payload,
  });
  return res.json() as {
    code: number;
    msg: string;
    data?: { verified: boolean; reason?: string | null };
  };
}

const bindCard = async (token: string, card: string) =>
  (
    await app.inject({
      method: 'POST',
      url: '/prod-api/app/api/user/settle/add',
      headers: bearer(token),
      payload: {
        holderName: DEMO_ACCOUNTS.grandchild.name,
        cardNo: card,
        bankName: '中国农业银行',
      },
    })
  ).json() as { code: number; msg: string; field?: string };

describe('real-name checks through an API-market product (AppCode)', () => {
  it("refuses a name that is not the ID number's, in the product's words, and verifies the right one", async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    const wrong = await submitIdentity(token, '王小三', ID_CARD);
    expect(wrong).toMatchObject({ code: 200, data: { verified: false } });
    expect(JSON.stringify(wrong.data)).toContain('姓名与身份证号不一致');
    expect(fake.asked.at(-1)).toEqual({
      check: '/id',
      fields: { name: '王小三', idcard: ID_CARD },
    });

    const right = await submitIdentity(token, DEMO_ACCOUNTS.grandchild.name, ID_CARD);
    expect(right).toMatchObject({ code: 200, data: { verified: true } });
  });

  it("binds the verified agent's own card only when the bank's records say it is theirs", async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    expect(await bindCard(token, OTHER_CARD)).toMatchObject({
      code: 400,
      field: 'cardNo',
      msg: '该银行卡暂无法核验，请更换银行卡',
    });
    expect(await bindCard(token, CARD)).toMatchObject({ code: 200, msg: '绑定成功' });
    expect(fake.asked.at(-1)).toEqual({
      check: '/bankcard',
      fields: { name: DEMO_ACCOUNTS.grandchild.name, idcard: ID_CARD, bankcard: CARD },
    });
  });

  it('tells the four-element mismatch apart and says a refused AppCode or used-up quota is a service problem', async () => {
    const verifier = new MarketIdentityVerifier(loadProviderSettings(env).realName, app.log);
    const check = { realName: DEMO_ACCOUNTS.grandchild.name, idCard: ID_CARD, cardNo: CARD };
    expect(
      await verifier.verifyBankCard({ ...check, mobile: DEMO_ACCOUNTS.grandchild.mobile }),
    ).toEqual({ ok: true });
    expect(await verifier.verifyBankCard({ ...check, mobile: '13700000000' })).toEqual({
      ok: false,
      reason: '银行卡、身份信息与银行预留手机号不一致，请核对',
    });
    expect(await verifier.verify({ realName: '无此人', idCard: '110105194912310046' })).toEqual({
      ok: false,
      reason: '身份证号查无此人，请核对后重新提交',
    });

    const wrongCode = new MarketIdentityVerifier(
      loadProviderSettings({ ...env, REALNAME_APPCODE: 'not-our-appcode' }).realName,
      app.log,
    );
    await expect(wrongCode.verify({ realName: '陈真', idCard: OTHER_ID })).rejects.toMatchObject({
      code: 500,
      message: '实名认证服务暂时不可用，请稍后再试',
    });

    // Through the app: nothing is written when the provider cannot answer, and the agent is told.
    fake.setQuota(0);
    try {
      const token = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);
      const res = await submitIdentity(token, '陈真', OTHER_ID);
      expect(res).toMatchObject({ code: 500, msg: '实名认证服务暂时不可用，请稍后再试' });
      const status = (
        await app.inject({
          method: 'GET',
          url: '/prod-api/api/ag/agent/withdraw/detail/verifyCardImg',
          headers: bearer(token),
        })
      ).json() as { data?: { verified?: boolean } };
      expect(status.data?.verified ?? false).toBe(false);
    } finally {
      fake.setQuota(Number.POSITIVE_INFINITY);
    }
  });
});

describe('card BIN lookup', () => {
  it('names the issuing bank from the offline BIN table, and nothing for an unknown BIN', async () => {
    expect(cardBin(CARD)).toMatchObject({ bankName: '中国农业银行', cardTypeName: '储蓄卡' });
    expect(cardBin('1234561234567890')).toBeNull();
    const token = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
    const res = await app.inject({
      method: 'GET',
      url: `/prod-api/api/ag/my/center/settlement/cardBin?cardNo=${OTHER_CARD}`,
      headers: bearer(token),
    });
    expect(res.json()).toMatchObject({
      code: 200,
      data: { bankName: '中国建设银行', cardTypeName: '储蓄卡' },
    });
  });
});

describe('IDENTITY_VERIFIER settings', () => {
  it('names what the market product lacks, refuses the simulator in production and takes a complete one', () => {
    const lacking = { IDENTITY_VERIFIER: 'market' };
    const problems = configProblems(loadConfig(lacking), lacking).join('\n');
    for (const name of ['REALNAME_ID_URL', 'REALNAME_BANKCARD_URL', 'REALNAME_APPCODE']) {
      expect(problems).toContain(name);
    }
    const simulated = { NODE_ENV: 'production' };
    expect(configProblems(loadConfig(simulated), simulated).join('\n')).toContain(
      'IDENTITY_VERIFIER=simulated',
    );
    const prod = { NODE_ENV: 'production', IDENTITY_VERIFIER: 'market', ...env };
    const prodProblems = configProblems(loadConfig(prod), prod).join('\n');
    expect(prodProblems).not.toContain('IDENTITY_VERIFIER');
    expect(prodProblems).not.toContain('REALNAME');
    const described = describeProviders(loadConfig(prod)).identity;
    expect(described).toMatchObject({ verifier: 'market', idUrl: fake.idUrl, appCode: 'f3****8f' });
    expect(JSON.stringify(described)).not.toContain(APPCODE);
  });
});
