import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { AliyunSmsSender } from '../src/modules/sms/aliyun-sms-sender';
import { sendSmsCode } from '../src/modules/sms/send-sms-code';
import { verifySmsCode } from '../src/db/sms-codes';
import { TencentSmsSender } from '../src/modules/sms/tencent-sms-sender';
import { configProblems } from '../src/ops/config-check';
import { loadProviderSettings } from '../src/provider-settings';
import { startAliyunSmsFake } from './fakes/aliyun-sms-fake';
import { startTencentSmsFake } from './fakes/tencent-sms-fake';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const TEMPLATES = {
  SMS_TEMPLATE_LOGIN: 'SMS_900001',
  SMS_TEMPLATE_REGISTER: 'SMS_900002',
  SMS_TEMPLATE_RESET_PWD: 'SMS_900003',
  SMS_TEMPLATE_PAY_PWD: 'SMS_900004',
  SMS_TEMPLATE_SETTLE: 'SMS_900005',
  SMS_TEMPLATE_NOTICE_REGISTERED: 'SMS_900006',
};
const SIGN_NAME = '拓客宝';
const quiet = {
  info() {},
  warn() {},
  error() {},
} as unknown as ConstructorParameters<typeof AliyunSmsSender>[1];

const aliyunEnv = {
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI5tFakeKeyId0001',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'fake-aliyun-secret-0123456789',
  SMS_SIGN_NAME: SIGN_NAME,
  ...TEMPLATES,
};
const aliyun = await startAliyunSmsFake({
  accessKeyId: aliyunEnv.ALIYUN_SMS_ACCESS_KEY_ID,
  accessKeySecret: aliyunEnv.ALIYUN_SMS_ACCESS_KEY_SECRET,
  signName: SIGN_NAME,
  templates: TEMPLATES,
});
const aliyunCtx = await createTestContext({
  adminTotp: false,
  smsGateway: 'aliyun',
  providers: loadProviderSettings({ ...aliyunEnv, ALIYUN_SMS_ENDPOINT: aliyun.endpoint }),
});

const tencentEnv = {
  TENCENT_SMS_SECRET_ID: 'AKIDfakeTencentSecretId01',
  TENCENT_SMS_SECRET_KEY: 'fake-tencent-secret-key-0123',
  TENCENT_SMS_SDK_APP_ID: '1400000001',
  TENCENT_SMS_ENDPOINT: 'http://sms.tencentcloudapi.com',
  SMS_SIGN_NAME: SIGN_NAME,
  ...TEMPLATES,
};
const tencent = await startTencentSmsFake({
  secretId: tencentEnv.TENCENT_SMS_SECRET_ID,
  secretKey: tencentEnv.TENCENT_SMS_SECRET_KEY,
  sdkAppId: tencentEnv.TENCENT_SMS_SDK_APP_ID,
  signName: SIGN_NAME,
  templates: TEMPLATES,
});
const tencentCtx = await createTestContext({
  smsGateway: 'tencent',
  providers: loadProviderSettings({ ...tencentEnv, TENCENT_SMS_CONNECT_TO: tencent.connectTo }),
});

const sendCode = (app: typeof aliyunCtx.app, mobile: string, scene: string, ip: string) =>
  app
    .inject({
      method: 'GET',
      url: `/prod-api/api/ag/my/center/sendSMS2?mobile=${mobile}&scene=${scene}`,
      remoteAddress: ip,
    })
    .then((r) => r.json() as { code: number; msg: string; field?: string });

/** Resets the demo top agent's password with the code the provider delivered, then signs in. */
async function resetWith(app: typeof aliyunCtx.app, code: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/my/center/resetPwd',
    payload: { mobile: DEMO_ACCOUNTS.top.mobile, smsCode: code, password },
  });
  return res.json() as { code: number; msg: string };
}

const providers = [
  {
    name: 'Alibaba Cloud SMS',
    ctx: aliyunCtx,
    fake: aliyun,
    codeOf: (i: number) => (aliyun.sent[i]!.params as Record<string, string>).code!,
    errors: {
      frequent: 'isv.BUSINESS_LIMIT_CONTROL',
      mobile: 'isv.MOBILE_NUMBER_ILLEGAL',
      balance: 'isv.AMOUNT_NOT_ENOUGH',
    },
    sender: () =>
      new AliyunSmsSender(
        loadProviderSettings({ ...aliyunEnv, ALIYUN_SMS_ENDPOINT: aliyun.endpoint }).sms,
        quiet,
      ),
    badSigner: () =>
      new AliyunSmsSender(
        loadProviderSettings({
          ...aliyunEnv,
          ALIYUN_SMS_ENDPOINT: aliyun.endpoint,
          ALIYUN_SMS_ACCESS_KEY_SECRET: 'not-the-secret-of-this-key',
        }).sms,
        quiet,
      ),
  },
  {
    name: 'Tencent Cloud SMS',
    ctx: tencentCtx,
    fake: tencent,
    codeOf: (i: number) => (tencent.sent[i]!.params as string[])[0]!,
    errors: {
      frequent: 'LimitExceeded.PhoneNumberThirtySecondLimit',
      mobile: 'InvalidParameterValue.IncorrectPhoneNumber',
      balance: 'FailedOperation.InsufficientBalanceInSmsPackage',
    },
    sender: () =>
      new TencentSmsSender(
        loadProviderSettings({ ...tencentEnv, TENCENT_SMS_CONNECT_TO: tencent.connectTo }).sms,
        quiet,
      ),
    badSigner: () =>
      new TencentSmsSender(
        loadProviderSettings({
          ...tencentEnv,
          TENCENT_SMS_CONNECT_TO: tencent.connectTo,
          TENCENT_SMS_SECRET_KEY: 'not-the-secret-of-this-id',
        }).sms,
        quiet,
      ),
  },
] as const;

describe.each(providers)(
  '$name through its official SDK',
  ({ ctx, fake, codeOf, errors, sender, badSigner }) => {
    const { app } = ctx;

    it('delivers a code with the sign name and the scene template, and the code resets the password', async () => {
      const before = fake.sent.length;
      expect(await sendCode(app, DEMO_ACCOUNTS.top.mobile, 'resetPwd', '10.30.0.1')).toMatchObject({
        code: 200,
        msg: '验证码已发送',
      });
      expect(fake.sent).toHaveLength(before + 1);
      const text = fake.sent[before]!;
      expect(text).toMatchObject({
        phone: DEMO_ACCOUNTS.top.mobile,
        signName: SIGN_NAME,
        template: TEMPLATES.SMS_TEMPLATE_RESET_PWD,
      });
      const code = codeOf(before);
      expect(code).toMatch(/^\d{6}$/);
      expect(await resetWith(app, code, 'Fresh2026pw')).toMatchObject({ code: 200 });
      await expect(loginAs(app, DEMO_ACCOUNTS.top.mobile, 'Fresh2026pw')).resolves.toBeTruthy();
    });

    it("keeps the platform's own send limits: a second request within a minute reaches no provider", async () => {
      const mobile = '13612350001';
      expect((await sendCode(app, mobile, 'register', '10.30.1.1')).code).toBe(200);
      const count = fake.sent.length;
      expect(await sendCode(app, mobile, 'register', '10.30.1.2')).toMatchObject({
        code: 429,
        msg: '发送过于频繁，请60秒后再试',
      });
      expect(fake.sent).toHaveLength(count);
    });

    it('sends the registered-mobile notice with its own template and no code', async () => {
      const before = fake.sent.length;
      expect((await sendCode(app, DEMO_ACCOUNTS.child.mobile, 'register', '10.30.2.1')).code).toBe(
        200,
      );
      expect(fake.sent[before]).toMatchObject({
        phone: DEMO_ACCOUNTS.child.mobile,
        template: TEMPLATES.SMS_TEMPLATE_NOTICE_REGISTERED,
      });
      expect(JSON.stringify(fake.sent[before]!.params)).not.toMatch(/\d{6}/);
    });

    it("shows the provider's refusals to the caller in the product's words", async () => {
      const cases = [
        ['13612350011', errors.frequent, 429, '发送过于频繁，请稍后再试'],
        ['13612350012', errors.mobile, 400, '手机号格式错误'],
        ['13612350013', errors.balance, 400, '短信发送失败，请稍后再试或联系平台客服'],
      ] as const;
      for (const [i, [mobile, providerCode, code, msg]] of cases.entries()) {
        fake.failFor(mobile, providerCode);
        const before = fake.sent.length;
        expect(await sendCode(app, mobile, 'register', `10.30.3.${i + 1}`)).toEqual({
          code,
          msg,
          field: 'mobile',
          err: expect.stringMatching(/^SMS_PROVIDER_/),
        });
        expect(fake.sent).toHaveLength(before);
      }
    });

    it('keeps the code that reached the phone when a later send is refused', async () => {
      const mobile = '13612350031';
      const t0 = new Date();
      const deps = { db: ctx.database.db, sender: sender() };
      await sendSmsCode(deps, { mobile, scene: 'register', ip: '10.30.4.1' }, t0);
      const code = codeOf(fake.sent.length - 1);
      fake.failFor(mobile, errors.balance);
      const later = new Date(t0.getTime() + 61_000);
      await expect(
        sendSmsCode(deps, { mobile, scene: 'register', ip: '10.30.4.2' }, later),
      ).rejects.toMatchObject({ message: '短信发送失败，请稍后再试或联系平台客服' });
      await expect(
        verifySmsCode(ctx.database.db, { mobile, scene: 'register', code }, later),
      ).resolves.toBeGreaterThan(0);
    });

    it('is refused by the provider when its request is signed with another secret', async () => {
      const refused = fake.refusedSignatures;
      const before = fake.sent.length;
      await expect(badSigner().send('13612350021', 'register', '123456', '')).rejects.toMatchObject(
        {
          message: '短信发送失败，请稍后再试或联系平台客服',
        },
      );
      expect(fake.refusedSignatures).toBe(refused + 1);
      expect(fake.sent).toHaveLength(before);
    });
  },
);

describe('SMS provider settings', () => {
  it('are reported to operators who manage the system, with the keys masked', async () => {
    const admin = await adminLogin(aliyunCtx.app, 'super_admin');
    const res = await adminCall<{ sms: Record<string, unknown> }>(
      aliyunCtx.app,
      admin,
      'GET',
      '/system/providers',
    );
    expect(res.body.data.sms).toMatchObject({
      gateway: 'aliyun',
      endpoint: aliyun.endpoint,
      signName: SIGN_NAME,
      templates: { resetPwd: TEMPLATES.SMS_TEMPLATE_RESET_PWD },
      accessKeyId: 'LT****01',
      accessKeySecret: 'fa****89',
    });
    expect(JSON.stringify(res.body)).not.toContain(aliyunEnv.ALIYUN_SMS_ACCESS_KEY_SECRET);
  });

  it('names what a chosen provider lacks, and takes a complete one in production', () => {
    const lacking = { SMS_GATEWAY: 'tencent', SMS_SIGN_NAME: SIGN_NAME };
    const problems = configProblems(loadConfig(lacking), lacking).join('\n');
    for (const name of ['TENCENT_SMS_SECRET_ID', 'TENCENT_SMS_SDK_APP_ID', 'SMS_TEMPLATE_LOGIN']) {
      expect(problems).toContain(name);
    }
    const prod = { NODE_ENV: 'production', SMS_GATEWAY: 'aliyun', ...aliyunEnv };
    const prodProblems = configProblems(loadConfig(prod), prod).join('\n');
    for (const name of ['SMS_GATEWAY', 'ALIYUN_SMS', 'SMS_SIGN_NAME', 'SMS_TEMPLATE']) {
      expect(prodProblems).not.toContain(name);
    }
    const bad = { SMS_GATEWAY: 'twilio' };
    expect(configProblems(loadConfig(bad), bad)).toContain(
      'SMS_GATEWAY must be simulated, disabled, aliyun or tencent (got twilio)',
    );
  });
});
