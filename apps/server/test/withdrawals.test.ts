import { luhnCheck } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { agentAccountId, platformAccountId } from '../src/db/ledger-accounts';
import { postEntry } from '../src/modules/ledger/post-entry';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { pngOf } from './upload-helpers';

const ctx = await createTestContext();
const { app } = ctx;
const db = ctx.database.db;
let ipN = 0;
const ip = () => `10.9.${Math.floor(++ipN / 200)}.${ipN % 200}`;

export const ID_CARD = '11010519491231002X';
export function cardNo(prefix = '622202123456789012') {
  for (let d = 0; d < 10; d++) if (luhnCheck(prefix + d)) return prefix + d;
  throw new Error('no check digit');
}
export const PNG = pngOf(640, 400, Buffer.alloc(64, 1));

export function multipart(parts: Record<string, string | Buffer>) {
  const boundary = '----testboundary' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if (Buffer.isBuffer(value)) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${name}"; filename="${name}.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
      );
      chunks.push(value);
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const call = async (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  (
    await app.inject({
      method,
      url: `/prod-api${url}`,
      headers: bearer(token),
      payload,
      remoteAddress: ip(),
    })
  ).json();

async function smsCode(token: string, mobile: string, scene: string) {
  const sent = await call(token, 'GET', `/api/ag/my/center/sendSMS?scene=${scene}`);
  expect(sent.code).toBe(200);
  const msg = await app.inject({
    method: 'GET',
    url: `/prod-api/api/dev/sms/outbox?mobile=${mobile}`,
  });
  return msg.json().data.code as string;
}

async function setPayPassword(token: string, mobile: string, pwd = '135790') {
  const code = await smsCode(token, mobile, 'payPwd');
  const res = await call(token, 'POST', '/api/ag/my/center/payPwd/set', {
    smsCode: code,
    payPassword: pwd,
    confirmPassword: pwd,
  });
  expect(res.code).toBe(200);
}

async function verifyIdentity(token: string, realName: string) {
  const mp = multipart({ realName, idCard: ID_CARD, front: PNG, back: PNG });
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
    headers: { ...bearer(token), ...mp.headers },
    payload: mp.payload,
  });
  return res.json();
}

async function fund(agentId: number, walletType: 'profit' | 'reward', amountFen: number) {
  const expense = await platformAccountId(db, 'share_expense');
  const wallet = await agentAccountId(db, agentId, walletType);
  await postEntry(db, {
    idemKey: `test-fund:${agentId}:${walletType}:${Math.random()}`,
    reason: 'trade_settlement',
    lines: [
      { accountId: expense, amountFen: -amountFen, infoType: 'trade_profit' },
      { accountId: wallet, amountFen, infoType: 'trade_profit' },
    ],
  });
}
const balance = async (agentId: number, type: string) => {
  const [r] = await rows<{ b: unknown }>(
    db,
    sql`SELECT balance_fen AS b FROM ledger_accounts WHERE agent_id = ${agentId} AND wallet_type = ${type}`,
  );
  return Number(r?.b ?? 0);
};
const globalSum = async () => {
  const [r] = await rows<{ s: unknown }>(
    db,
    sql`SELECT coalesce(sum(balance_fen), 0) AS s FROM ledger_accounts`,
  );
  return Number(r!.s);
};
const countWithdrawals = async () =>
  Number((await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM withdrawals`))[0]!.n);

const grand = DEMO_ACCOUNTS.grandchild;
let token: string; // grandchild
let childToken: string;
let opToken: string;
let accountId: number;
let agentId: number;
let k = 0;
const key = () => `key-${Date.now()}-${++k}`;
const apply = (body: object, t = token) => call(t, 'POST', '/api/ag/agent/withdraw/apply', body);

beforeAll(async () => {
  token = await loginAs(app, grand.mobile);
  childToken = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
  opToken = await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password);
  agentId = ctx.demo.grandchild.id;
});

describe('pay password', () => {
  it('refuses a code that is wrong, a password that is not 6 digits, and a mismatch, naming the field', async () => {
    const bad = await call(token, 'POST', '/api/ag/my/center/payPwd/set', {
      smsCode: '000000',
      payPassword: '12345',
      confirmPassword: '12345',
    });
    expect(bad.code).toBe(400);
    expect(bad.msg).toContain('支付密码');
    const mismatch = await call(token, 'POST', '/api/ag/my/center/payPwd/set', {
      smsCode: '000000',
      payPassword: '123456',
      confirmPassword: '123457',
    });
    expect(mismatch.msg).toContain('不一致');
    const status = await call(token, 'GET', '/api/ag/my/center/payPwd/status');
    expect(status.data).toEqual({ hasPayPassword: false, lockedMinutes: 0, lockedUntil: null });
  });

  it('is set with a payPwd code and stored only as a slow hash', async () => {
    await setPayPassword(token, grand.mobile);
    const status = await call(token, 'GET', '/api/ag/my/center/payPwd/status');
    expect(status.data.hasPayPassword).toBe(true);
    const [r] = await rows<{ h: string }>(
      db,
      sql`SELECT pay_password_hash AS h FROM agents WHERE id = ${agentId}`,
    );
    expect(r!.h).toMatch(/^scrypt\$/);
    expect(r!.h).not.toContain('135790');
  });
});

describe('real-name verification', () => {
  it('refuses a file that is not an image and a malformed ID number, changing nothing', async () => {
    const notImage = multipart({ front: Buffer.from('hello, not an image'), back: PNG });
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
      headers: { ...bearer(token), ...notImage.headers },
      payload: notImage.payload,
    });
    expect(res.json().code).toBe(400);
    expect(res.json().msg).toContain('身份证人像面');
    const badId = multipart({
      realName: '王小二',
      idCard: '110105194912310021',
      front: PNG,
      back: PNG,
    });
    const res2 = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
      headers: { ...bearer(token), ...badId.headers },
      payload: badId.payload,
    });
    expect(res2.json().code).toBe(400);
    expect(res2.json().msg).toContain('证件号码');
    const big = multipart({ front: Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]) });
    const res3 = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
      headers: { ...bearer(token), ...big.headers },
      payload: big.payload,
    });
    expect(res3.json().msg).toContain('2MB');
    const state = await call(token, 'GET', '/api/ag/agent/withdraw/detail/verifyCardImg');
    expect(state.data).toMatchObject({ status: 0, verified: false, hasFront: false });
  });

  it('verifies a well-formed name and ID number with both images; the number is kept encrypted and masked', async () => {
    const res = await verifyIdentity(token, '王小二');
    expect(res.code).toBe(200);
    expect(res.data).toMatchObject({ status: 2, verified: true });
    expect(res.data.realNameMasked).not.toBe('王小二');
    expect(res.data.idCardMasked).not.toContain('19491231');
    const [r] = await rows<{ enc: string; v: boolean }>(
      db,
      sql`SELECT id_card_enc AS enc, real_name_verified AS v FROM agents WHERE id = ${agentId}`,
    );
    expect(r!.v).toBe(true);
    expect(r!.enc).not.toContain(ID_CARD);
    expect(ctx.app.cipher.decrypt(r!.enc)).toBe(ID_CARD);
  });
});

describe('withdrawals', () => {
  beforeAll(async () => {
    const own = await call(token, 'POST', '/app/api/user/settle/add', {
      holderName: '王小二',
      cardNo: cardNo(),
      bankName: '工商银行',
    });
    expect(own.code).toBe(200);
    accountId = own.data.id;
  });

  it('previews fee 3 yuan, tax 6% floored, and the net', async () => {
    const res = await call(
      token,
      'GET',
      '/api/ag/agent/withdraw/preview?walletType=profit&amountFen=12345',
    );
    expect(res.data).toMatchObject({
      amountFen: 12345,
      feeFen: 300,
      taxFen: 740,
      netFen: 11305,
      minFen: 1000,
    });
  });

  it('refuses bad input with a message naming the field, changing nothing', async () => {
    await fund(agentId, 'profit', 100000);
    const before = { n: await countWithdrawals(), b: await balance(agentId, 'profit') };
    const base = { walletType: 'profit', accountId, payPassword: '135790' };
    const small = await apply({ ...base, amountFen: 999, idempotencyKey: key() });
    expect(small).toMatchObject({ code: 400 });
    expect(small.msg).toContain('提现金额');
    const decimals = await apply({ ...base, amount: '12.345', idempotencyKey: key() });
    expect(decimals.msg).toContain('两位小数');
    const tooMuch = await apply({ ...base, amountFen: before.b + 1, idempotencyKey: key() });
    expect(tooMuch.msg).toContain('可提现余额');
    const noCard = await apply({
      ...base,
      accountId: 999999,
      amountFen: 2000,
      idempotencyKey: key(),
    });
    expect(noCard.msg).toContain('结算银行卡');
    const wallet = await apply({
      ...base,
      walletType: 'frozen',
      amountFen: 2000,
      idempotencyKey: key(),
    });
    expect(wallet.msg).toContain('钱包');
    expect(await countWithdrawals()).toBe(before.n);
    expect(await balance(agentId, 'profit')).toBe(before.b);
  });

  it('requires real-name verification and a bound card', async () => {
    // The demo child is verified with a card (demo seed); another tree's top agent is not.
    const child = ctx.demo.otherTop.id;
    await fund(child, 'profit', 50000);
    const res = await apply(
      {
        walletType: 'profit',
        amountFen: 2000,
        accountId,
        payPassword: '135790',
        idempotencyKey: key(),
      },
      await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
    );
    expect(res.msg).toContain('实名认证');
    expect(await balance(child, 'profit')).toBeGreaterThanOrEqual(50000);
  });

  it('freezes the amount at request; a repeated key returns the first result and changes nothing', async () => {
    const b0 = await balance(agentId, 'profit');
    const body = {
      walletType: 'profit',
      amount: '100.50',
      accountId,
      payPassword: '135790',
      idempotencyKey: key(),
    };
    const first = await apply(body);
    expect(first.code).toBe(200);
    expect(first.data).toMatchObject({
      amountFen: 10050,
      feeFen: 300,
      taxFen: 603,
      netFen: 9147,
      status: 0,
    });
    expect(first.data.cardMasked).not.toMatch(/\d{5}/);
    expect(await balance(agentId, 'profit')).toBe(b0 - 10050);
    expect(await balance(agentId, 'frozen')).toBeGreaterThanOrEqual(10050);
    const again = await apply(body);
    expect(again.data.id).toBe(first.data.id);
    expect(await balance(agentId, 'profit')).toBe(b0 - 10050);
    expect(await globalSum()).toBe(0);
  });

  it('never overdraws: of 5 parallel withdrawals of 60% of the balance exactly one succeeds', async () => {
    const b = await balance(agentId, 'profit');
    const amount = Math.floor(b * 0.6);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        apply({
          walletType: 'profit',
          amountFen: amount,
          accountId,
          payPassword: '135790',
          idempotencyKey: key(),
        }),
      ),
    );
    expect(results.filter((r) => r.code === 200)).toHaveLength(1);
    expect(results.filter((r) => r.code === 400).every((r) => r.msg.includes('余额'))).toBe(true);
    expect(await balance(agentId, 'profit')).toBe(b - amount);
    expect(await globalSum()).toBe(0);
  });

  it('100 parallel requests with the same key make one withdrawal, answer it 100 times and lock nothing', async () => {
    const n0 = await countWithdrawals();
    const body = {
      walletType: 'profit',
      amountFen: 1000,
      accountId,
      payPassword: '135790',
      idempotencyKey: key(),
    };
    const results = await Promise.all(Array.from({ length: 100 }, () => apply(body)));
    expect(results.map((r) => r.code)).toEqual(Array(100).fill(200));
    expect(new Set(results.map((r) => JSON.stringify(r.data))).size).toBe(1);
    expect(await countWithdrawals()).toBe(n0 + 1);
    // Honest repeats never count against the pay password.
    const again = await apply({ ...body, idempotencyKey: key() });
    expect(again.code).toBe(200);
  });

  it('rejection returns the money to the wallet; approval then payout pays it', async () => {
    await fund(agentId, 'reward', 50000);
    const r0 = await balance(agentId, 'reward');
    const w1 = await apply({
      walletType: 'reward',
      amountFen: 20000,
      accountId,
      payPassword: '135790',
      idempotencyKey: key(),
    });
    expect(await balance(agentId, 'reward')).toBe(r0 - 20000);
    const notOp = await call(token, 'POST', '/api/ag/agent/withdraw/reject', {
      id: w1.data.id,
      reason: 'x',
    });
    expect(notOp.code).not.toBe(200);
    const noReason = await call(opToken, 'POST', '/api/ag/agent/withdraw/reject', {
      id: w1.data.id,
      reason: '',
    });
    expect(noReason.msg).toContain('驳回原因');
    const rej = await call(opToken, 'POST', '/api/ag/agent/withdraw/reject', {
      id: w1.data.id,
      reason: '信息有误',
    });
    expect(rej.data).toMatchObject({ status: 3, reason: '信息有误' });
    expect(await balance(agentId, 'reward')).toBe(r0);
    const twice = await call(opToken, 'POST', '/api/ag/agent/withdraw/approve', { id: w1.data.id });
    expect(twice.code).toBe(409);

    const w2 = await apply({
      walletType: 'reward',
      amountFen: 20000,
      accountId,
      payPassword: '135790',
      idempotencyKey: key(),
    });
    const frozen0 = await balance(agentId, 'frozen');
    expect(
      (await call(opToken, 'POST', '/api/ag/agent/withdraw/approve', { id: w2.data.id })).data
        .status,
    ).toBe(1);
    const paid = await call(opToken, 'POST', '/api/ag/agent/withdraw/payout', { id: w2.data.id });
    expect(paid.data).toEqual({ paid: 1, failed: 0, pending: 0 });
    expect(
      (await call(token, 'GET', `/api/ag/agent/withdraw/info?id=${w2.data.id}`)).data.status,
    ).toBe(2);
    expect(await balance(agentId, 'frozen')).toBe(frozen0 - 20000);
    expect(await balance(agentId, 'reward')).toBe(r0 - 20000);
    expect(await globalSum()).toBe(0);
  });

  it('a failed payout returns the money', async () => {
    const r0 = await balance(agentId, 'reward');
    // net = 10105 - 300 - 606 = 9199 -> the simulator bounces amounts ending in 99 fen
    const w = await apply({
      walletType: 'reward',
      amountFen: 10105,
      accountId,
      payPassword: '135790',
      idempotencyKey: key(),
    });
    expect(w.data.netFen % 100).toBe(99);
    await call(opToken, 'POST', '/api/ag/agent/withdraw/approve', { id: w.data.id });
    const res = await call(opToken, 'POST', '/api/ag/agent/withdraw/payout', {});
    expect(res.data.failed).toBe(1);
    const info = await call(token, 'GET', `/api/ag/agent/withdraw/info?id=${w.data.id}`);
    expect(info.data).toMatchObject({ status: 4 });
    expect(await balance(agentId, 'reward')).toBe(r0);
    expect(await globalSum()).toBe(0);
  });

  it('lists own withdrawals by keyset pages and status; others see them as missing', async () => {
    const p1 = await call(token, 'GET', '/api/ag/agent/withdraw/list?pageSize=2');
    expect(p1.data.rows).toHaveLength(2);
    expect(p1.data.nextCursor).toBeTruthy();
    const p2 = await call(
      token,
      'GET',
      `/api/ag/agent/withdraw/list?pageSize=2&cursor=${p1.data.nextCursor}`,
    );
    expect(p2.data.rows[0].id).toBeLessThan(p1.data.rows[1].id);
    const rejected = await call(token, 'GET', '/api/ag/agent/withdraw/list?status=3');
    expect(rejected.data.rows.every((r: { status: number }) => r.status === 3)).toBe(true);
    const id = p1.data.rows[0].id;
    // The parent cannot read a sub-agent's withdrawal, nor can another tree.
    expect((await call(childToken, 'GET', `/api/ag/agent/withdraw/info?id=${id}`)).code).toBe(404);
    const other = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);
    expect((await call(other, 'GET', `/api/ag/agent/withdraw/info?id=${id}`)).code).toBe(404);
    expect((await call(other, 'GET', '/api/ag/agent/withdraw/list')).data.rows).toHaveLength(0);
  });

  it('locks the pay password after 5 wrong tries, like login', async () => {
    const n0 = await countWithdrawals();
    const body = { walletType: 'profit', amountFen: 1000, accountId };
    for (let i = 1; i <= 4; i++) {
      const r = await apply({ ...body, payPassword: '000000', idempotencyKey: key() });
      expect(r.msg).toContain(`还可尝试${5 - i}次`);
    }
    const fifth = await apply({ ...body, payPassword: '000000', idempotencyKey: key() });
    expect(fifth.msg).toContain('锁定');
    const right = await apply({ ...body, payPassword: '135790', idempotencyKey: key() });
    expect(right.msg).toContain('锁定');
    expect(await countWithdrawals()).toBe(n0);
    await db.execute(
      sql`UPDATE pay_password_guards SET locked_until = NULL WHERE agent_id = ${agentId}`,
    );
  });
});

describe('transfer to capital pool', () => {
  it('moves money from an earnings wallet; a repeated key changes nothing; bad amounts change nothing', async () => {
    const p0 = await balance(agentId, 'profit');
    const c0 = await balance(agentId, 'capital_pool');
    const body = {
      fromWalletType: 'profit',
      amountFen: 1500,
      payPassword: '135790',
      idempotencyKey: key(),
    };
    const res = await call(token, 'POST', '/api/ag/agent/wallet/toCapitalPool', body);
    expect(res.code).toBe(200);
    expect(res.data.capitalPoolFen).toBe(c0 + 1500);
    const again = await call(token, 'POST', '/api/ag/agent/wallet/toCapitalPool', body);
    expect(again.data.entryId).toBe(res.data.entryId);
    expect(await balance(agentId, 'profit')).toBe(p0 - 1500);
    const tooMuch = await call(token, 'POST', '/api/ag/agent/wallet/toCapitalPool', {
      ...body,
      amountFen: p0 * 10,
      idempotencyKey: key(),
    });
    expect(tooMuch.msg).toContain('转入金额');
    const fromPool = await call(token, 'POST', '/api/ag/agent/wallet/toCapitalPool', {
      ...body,
      fromWalletType: 'capital_pool',
      idempotencyKey: key(),
    });
    expect(fromPool.code).toBe(400);
    expect(await balance(agentId, 'profit')).toBe(p0 - 1500);
    expect(await globalSum()).toBe(0);
  });
});
