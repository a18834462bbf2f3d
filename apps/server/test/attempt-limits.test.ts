import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { captchas } from '../src/db/schema';
import { sha256 } from '../src/lib/crypto';
import { agentAccountId, platformAccountId } from '../src/db/ledger-accounts';
import { postEntry } from '../src/modules/ledger/post-entry';
import { SMS_PER_ADDRESS_PER_HOUR } from '../src/modules/sms/send-sms-code';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * Every attempt limit holds under a burst of concurrent tries: each try is counted before its
 * secret is compared, none is compared once the limit is reached, and the counters end exact.
 * On PostgreSQL (the default test database) the requests really run in parallel on the pool.
 */
const LOGIN_IP_MAX = 12;
const ctx = await createTestContext({ loginIpMax: LOGIN_IP_MAX });
const { app } = ctx;
const db = ctx.database.db;
let ipN = 0;
const freshIp = () => `10.77.${Math.floor(++ipN / 250)}.${(ipN % 250) + 1}`;

type Answer = { code: number; msg: string; errorCode?: string; data?: unknown; token?: string };
const post = async (url: string, payload: object, headers = {}, ip = freshIp()) =>
  (
    await app.inject({
      method: 'POST',
      url: `/prod-api${url}`,
      payload,
      headers,
      remoteAddress: ip,
    })
  ).json() as Answer;
const get = async (url: string, headers = {}, ip = freshIp()) =>
  (
    await app.inject({ method: 'GET', url: `/prod-api${url}`, headers, remoteAddress: ip })
  ).json() as Answer;

const one = async <T>(q: ReturnType<typeof sql>) => (await rows<T>(db, q))[0]!;
const tally = (answers: Answer[], re: RegExp) => answers.filter((a) => re.test(a.msg)).length;
/** The "N tries left" figures a burst was told, in order. */
const triesLeft = (answers: Answer[], re: RegExp) =>
  answers
    .map((a) => re.exec(a.msg)?.[1])
    .filter((n): n is string => n !== undefined)
    .map(Number)
    .sort();

const top = DEMO_ACCOUNTS.top;
let topToken: string;
let topId: number;

async function smsCodeFor(token: string, mobile: string, scene: string) {
  // The 60-second resend limit is not what these tests are about.
  await db.execute(sql`DELETE FROM rate_events WHERE key LIKE ${`sms:mobile%${mobile}`}`);
  const sent = await get(`/api/ag/my/center/sendSMS?scene=${scene}`, bearer(token));
  expect(sent.code).toBe(200);
  const out = await get(`/api/dev/sms/outbox?mobile=${mobile}`, {}, '127.0.0.1');
  return (out.data as { code: string }).code;
}

const capitalPool = async () =>
  Number(
    (
      await one<{ b: unknown }>(
        sql`SELECT balance_fen AS b FROM ledger_accounts WHERE agent_id = ${topId} AND wallet_type = 'capital_pool'`,
      )
    )?.b ?? 0,
  );

beforeAll(async () => {
  topToken = await loginAs(app, top.mobile);
  topId = ctx.demo.top.id;
  const code = await smsCodeFor(topToken, top.mobile, 'payPwd');
  const set = await post(
    '/api/ag/my/center/payPwd/set',
    { smsCode: code, payPassword: '246810', confirmPassword: '246810' },
    bearer(topToken),
  );
  expect(set.code).toBe(200);
  // Earnings to transfer from, through the ledger like real earnings.
  const expense = await platformAccountId(db, 'share_expense');
  const wallet = await agentAccountId(db, topId, 'profit');
  await postEntry(db, {
    idemKey: `attempts-fund:${topId}`,
    reason: 'trade_settlement',
    lines: [
      { accountId: expense, amountFen: -1_000_00, infoType: 'trade_profit' },
      { accountId: wallet, amountFen: 1_000_00, infoType: 'trade_profit' },
    ],
  });
});

const unlockPay = () =>
  db.execute(
    sql`UPDATE pay_password_guards SET failed = 0, locked_until = NULL WHERE agent_id = ${topId}`,
  );

describe('pay password under a burst', () => {
  const transfer = (payPassword: string) =>
    post(
      '/api/ag/agent/wallet/toCapitalPool',
      { fromWalletType: 'profit', amountFen: 100, payPassword, idempotencyKey: randomUUID() },
      bearer(topToken),
    );

  it('30 concurrent wrong guesses use exactly five tries; the rest, and then the right one, are refused as locked', async () => {
    await unlockPay();
    const before = await capitalPool();
    const answers = await Promise.all(Array.from({ length: 30 }, () => transfer('000000')));
    // Each of the first four was told a different number of tries left; the fifth locked.
    expect(triesLeft(answers, /还可尝试(\d)次/)).toEqual([1, 2, 3, 4]);
    expect(tally(answers, /已锁定/)).toBe(26);
    const guard = await one<{ failed: unknown; locked_until: unknown }>(
      sql`SELECT failed, locked_until FROM pay_password_guards WHERE agent_id = ${topId}`,
    );
    expect(Number(guard.failed)).toBe(5);
    const until = new Date(guard.locked_until as string);
    expect(until.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);

    const right = await transfer('246810');
    expect(right.code).toBe(400);
    expect(right.msg).toMatch(/已锁定，请15分钟后再试（\d\d:\d\d解锁）/);
    const status = await get('/api/ag/my/center/payPwd/status', bearer(topToken));
    expect(status.data).toMatchObject({ hasPayPassword: true, lockedMinutes: 15 });
    expect(new Date((status.data as { lockedUntil: string }).lockedUntil).getTime()).toBe(
      until.getTime(),
    );
    expect(await capitalPool()).toBe(before);
  });

  it('a right password hidden in a burst of wrong ones moves money at most once, and only within the five tries', async () => {
    await unlockPay();
    const before = await capitalPool();
    const guesses = Array.from({ length: 30 }, (_, i) => (i === 17 ? '246810' : '000000'));
    const answers = await Promise.all(guesses.map(transfer));
    const rightAnswer = answers[17]!;
    const wrongLeft = triesLeft(answers, /还可尝试(\d)次/);
    if (rightAnswer.code === 200) {
      expect(await capitalPool()).toBe(before + 100);
      // The right one forgave the tries before it, so at most two rounds of four were told.
      expect(wrongLeft.length).toBeLessThanOrEqual(8);
    } else {
      expect(rightAnswer.msg).toMatch(/已锁定/);
      expect(await capitalPool()).toBe(before);
      expect(wrongLeft).toEqual([1, 2, 3, 4]);
    }
    expect(answers.filter((a) => a.code === 200)).toHaveLength(rightAnswer.code === 200 ? 1 : 0);
    await unlockPay();
  });

  it('100 concurrent right passwords are each answered on their merits and lock nothing', async () => {
    await unlockPay();
    const before = await capitalPool();
    const answers = await Promise.all(Array.from({ length: 100 }, () => transfer('246810')));
    expect(answers.map((a) => a.code)).toEqual(Array(100).fill(200));
    expect(await capitalPool()).toBe(before + 100 * 100);
    const status = await get('/api/ag/my/center/payPwd/status', bearer(topToken));
    expect(status.data).toMatchObject({ lockedMinutes: 0, lockedUntil: null });
  });

  it('30 concurrent wrong and then a right one: five wrong compared, then locked, the right one refused', async () => {
    await unlockPay();
    const before = await capitalPool();
    const wrong = Array.from({ length: 30 }, () => transfer('000000'));
    const right = transfer('246810');
    const answers = await Promise.all(wrong);
    expect(triesLeft(answers, /还可尝试(\d)次/)).toEqual([1, 2, 3, 4]);
    expect(tally(answers, /已锁定/)).toBe(26);
    expect((await right).msg).toMatch(/已锁定/);
    expect(await capitalPool()).toBe(before);
    await unlockPay();
  });

  it('100 requests carrying one idempotency key move the money once and all answer the same', async () => {
    await unlockPay();
    const before = await capitalPool();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        post(
          '/api/ag/agent/wallet/toCapitalPool',
          { fromWalletType: 'profit', amountFen: 100, payPassword: '246810', idempotencyKey: key },
          bearer(topToken),
        ),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(100).fill(200));
    const entries = new Set(answers.map((a) => (a.data as { entryId: number }).entryId));
    expect(entries.size).toBe(1);
    expect(await capitalPool()).toBe(before + 100);
  });

  it('after a lock runs out, the count starts again and the right password works', async () => {
    await db.execute(
      sql`UPDATE pay_password_guards SET failed = 5, locked_until = now() - interval '1 second' WHERE agent_id = ${topId}`,
    );
    const wrong = await transfer('000000');
    expect(wrong.msg).toContain('还可尝试4次');
    const right = await transfer('246810');
    expect(right.code).toBe(200);
    const guard = await one<{ failed: unknown }>(
      sql`SELECT failed FROM pay_password_guards WHERE agent_id = ${topId}`,
    );
    expect(Number(guard.failed)).toBe(0);
  });
});

describe('login lock-out under a burst', () => {
  const mobile = DEMO_ACCOUNTS.child.mobile;
  const login = (password: string, ip = freshIp()) =>
    post('/login/app', { username: mobile, password }, {}, ip);

  it('30 concurrent wrong passwords use exactly five tries; the right one is then refused with the end time', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => login('wrong-pass')));
    // Four plain refusals (no tries-left count: it would tell registered mobiles apart).
    expect(tally(answers, /^账号或密码错误$/)).toBe(4);
    expect(tally(answers, /账号已锁定/)).toBe(26);
    const right = await login('demo123');
    expect(right.code).toBe(400);
    expect(right.token).toBeUndefined();
    expect(right.msg).toMatch(/账号已锁定，请15分钟后再试（\d\d:\d\d解锁）/);
    const row = await one<{ failed_logins: unknown }>(
      sql`SELECT failed_logins FROM agents WHERE mobile = ${mobile}`,
    );
    expect(Number(row.failed_logins)).toBe(5);
    await db.execute(
      sql`UPDATE agents SET failed_logins = 0, locked_until = NULL WHERE mobile = ${mobile}`,
    );
  });

  it('eight concurrent right passwords all sign in and lock nothing', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => login('demo123')));
    expect(answers.map((a) => a.code)).toEqual(Array(8).fill(200));
    expect(answers.every((a) => typeof a.token === 'string')).toBe(true);
    const row = await one<{ failed_logins: unknown; locked_until: unknown }>(
      sql`SELECT failed_logins, locked_until FROM agents WHERE mobile = ${mobile}`,
    );
    expect(Number(row.failed_logins)).toBe(0);
    expect(row.locked_until).toBeNull();
  });

  it('30 concurrent wrong and then a right password: five wrong compared, the right one refused', async () => {
    const wrong = Array.from({ length: 30 }, () => login('wrong-pass'));
    const right = login('demo123');
    const answers = await Promise.all(wrong);
    expect(tally(answers, /^账号或密码错误$/)).toBe(4);
    expect(tally(answers, /账号已锁定/)).toBe(26);
    expect((await right).msg).toMatch(/账号已锁定/);
    await db.execute(
      sql`UPDATE agents SET failed_logins = 0, locked_until = NULL WHERE mobile = ${mobile}`,
    );
  });

  it('a remembered-login credential signs in once, even when presented twice at the same time', async () => {
    const first = await post('/login/app', {
      username: mobile,
      password: 'demo123',
      remember: true,
    });
    const rememberToken = (first as unknown as { rememberToken: string }).rememberToken;
    expect(rememberToken).toBeTruthy();
    const both = await Promise.all(
      [1, 2, 3].map(() => post('/login/app', { username: mobile, rememberToken })),
    );
    expect(both.filter((a) => a.code === 200)).toHaveLength(1);
    await db.execute(
      sql`UPDATE agents SET failed_logins = 0, locked_until = NULL WHERE mobile = ${mobile}`,
    );
  });

  it('one address gets exactly its allowance of login tries, however many arrive at once', async () => {
    const ip = '10.88.0.1';
    const answers = await Promise.all(
      Array.from({ length: LOGIN_IP_MAX + 10 }, () =>
        post('/login/app', { username: '13700000000', password: 'x12345678' }, {}, ip),
      ),
    );
    expect(answers.filter((a) => a.code === 429)).toHaveLength(10);
    const counted = await one<{ n: unknown }>(
      sql`SELECT count(*) AS n FROM rate_events WHERE key = ${`login:ip:${ip}`}`,
    );
    expect(Number(counted.n)).toBe(LOGIN_IP_MAX);
  });
});

describe('captcha under a burst', async () => {
  const withCaptcha = await createTestContext({ captchaEnabled: true });
  it('one captcha answers one login, whatever arrives at once', async () => {
    const uuid = randomUUID();
    await withCaptcha.database.db.insert(captchas).values({
      uuid,
      codeHash: sha256(`${uuid}:ABCD`),
      expiresAt: new Date(Date.now() + 60_000),
    });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        withCaptcha.app.inject({
          method: 'POST',
          url: '/prod-api/login/app',
          payload: { username: top.mobile, password: 'demo123', uuid, code: 'abcd' },
          remoteAddress: freshIp(),
        }),
      ),
    );
    const bodies = answers.map((a) => a.json() as Answer);
    expect(bodies.filter((b) => b.code === 200)).toHaveLength(1);
    expect(bodies.filter((b) => b.msg === '图形验证码已失效，请刷新')).toHaveLength(7);
  });
});

describe('SMS codes and sends under a burst', () => {
  it('a code survives exactly five concurrent wrong tries and is then dead, even for the right code', async () => {
    const code = await smsCodeFor(topToken, top.mobile, 'payPwd');
    const wrong = code === '000000' ? '111111' : '000000';
    const setWith = (smsCode: string) =>
      post(
        '/api/ag/my/center/payPwd/set',
        { smsCode, payPassword: '246810', confirmPassword: '246810' },
        bearer(topToken),
      );
    const answers = await Promise.all(Array.from({ length: 12 }, () => setWith(wrong)));
    expect(triesLeft(answers, /验证码错误，还可尝试(\d)次/)).toEqual([1, 2, 3, 4]);
    expect(tally(answers, /验证码错误次数过多/)).toBe(8);
    const right = await setWith(code);
    expect(right.code).toBe(400);
    expect(right.msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('ten concurrent right codes: one uses it, none is refused as too many tries', async () => {
    const code = await smsCodeFor(topToken, top.mobile, 'payPwd');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(
          '/api/ag/my/center/payPwd/set',
          { smsCode: code, payPassword: '246810', confirmPassword: '246810' },
          bearer(topToken),
        ),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    expect(tally(answers, /错误次数过多/)).toBe(0);
    expect(tally(answers, /验证码已失效/)).toBe(9);
  });

  it('a right code is used once when presented twice at the same time', async () => {
    const code = await smsCodeFor(topToken, top.mobile, 'payPwd');
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        post(
          '/api/ag/my/center/payPwd/set',
          { smsCode: code, payPassword: '246810', confirmPassword: '246810' },
          bearer(topToken),
        ),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
  });

  it('one mobile gets one code per minute however many ask at once', async () => {
    const mobile = '13911112222';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        get(`/api/ag/my/center/sendSMS2?mobile=${mobile}&scene=register`),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(1);
    const sent = await one<{ n: unknown }>(
      sql`SELECT count(*) AS n FROM sms_outbox WHERE mobile = ${mobile}`,
    );
    expect(Number(sent.n)).toBe(1);
  });

  it('one address gets exactly its hourly allowance of codes however many ask at once', async () => {
    const ip = '10.99.0.1';
    const answers = await Promise.all(
      Array.from({ length: SMS_PER_ADDRESS_PER_HOUR + 8 }, (_, i) =>
        get(`/api/ag/my/center/sendSMS2?mobile=1390000${String(1000 + i)}&scene=register`, {}, ip),
      ),
    );
    expect(answers.filter((a) => a.code === 200)).toHaveLength(SMS_PER_ADDRESS_PER_HOUR);
    expect(answers.filter((a) => a.code === 429)).toHaveLength(8);
    const counted = await one<{ n: unknown }>(
      sql`SELECT count(*) AS n FROM rate_events WHERE key = ${`sms:ip:${ip}`}`,
    );
    expect(Number(counted.n)).toBe(SMS_PER_ADDRESS_PER_HOUR);
  });
});
