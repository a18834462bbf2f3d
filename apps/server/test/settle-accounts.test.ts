import { luhnCheck } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { pngOf } from './upload-helpers';

const ctx = await createTestContext();
const { app } = ctx;
const db = ctx.database.db;
let ipN = 0;
const ip = () => `10.8.${Math.floor(++ipN / 200)}.${ipN % 200}`;
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

function cardNo(prefix: string) {
  for (let d = 0; d < 10; d++) if (luhnCheck(prefix + d)) return prefix + d;
  throw new Error('no check digit');
}
const PNG = pngOf(640, 400, Buffer.alloc(32, 7));
function multipart(parts: Record<string, string | Buffer>) {
  const boundary = '----b' + Math.random().toString(16).slice(2);
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    chunks.push(
      Buffer.isBuffer(value)
        ? Buffer.concat([
            Buffer.from(
              `Content-Disposition: form-data; name="${name}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
            ),
            value,
          ])
        : Buffer.from(`Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`),
    );
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const CARD = cardNo('621700001000123456');
let token: string;
let otherToken: string;
const count = async () =>
  Number(
    (
      await rows<{ n: unknown }>(
        db,
        sql`SELECT count(*) AS n FROM settle_accounts WHERE agent_id = ${ctx.demo.grandchild.id}`,
      )
    )[0]!.n,
  );

beforeAll(async () => {
  token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
  otherToken = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);
});

describe('own bank card', () => {
  it('needs real-name verification first', async () => {
    const res = await call(token, 'POST', '/app/api/user/settle/add', {
      holderName: '王小二',
      cardNo: CARD,
      bankName: '建设银行',
    });
    expect(res.code).toBe(400);
    expect(res.msg).toContain('实名认证');
    expect(await count()).toBe(0);
  });

  it('refuses a card failing Luhn and a holder other than the verified name, naming the field', async () => {
    const mp = multipart({
      realName: '王小二',
      idCard: '11010519491231002X',
      front: PNG,
      back: PNG,
    });
    const v = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
      headers: { ...bearer(token), ...mp.headers },
      payload: mp.payload,
    });
    expect(v.json().data.verified).toBe(true);
    const bad = CARD.slice(0, -1) + String((Number(CARD.slice(-1)) + 1) % 10);
    const luhn = await call(token, 'POST', '/app/api/user/settle/add', {
      holderName: '王小二',
      cardNo: bad,
      bankName: '建设银行',
    });
    expect(luhn.msg).toContain('银行卡号');
    const name = await call(token, 'POST', '/app/api/user/settle/add', {
      holderName: '张三',
      cardNo: CARD,
      bankName: '建设银行',
    });
    expect(name.msg).toContain('持卡人姓名');
    expect(await count()).toBe(0);
  });

  it('binds the card encrypted, shows it masked, and replaces it on edit', async () => {
    const res = await call(token, 'POST', '/app/api/user/settle/add', {
      holderName: '王小二',
      cardNo: CARD,
      bankName: '建设银行',
    });
    expect(res.code).toBe(200);
    expect(res.data.cardMasked).toContain(CARD.slice(-4));
    expect(res.data.cardMasked).not.toContain(CARD.slice(0, 8));
    const [r] = await rows<{ enc: string }>(
      db,
      sql`SELECT card_enc AS enc FROM settle_accounts WHERE id = ${res.data.id}`,
    );
    expect(r!.enc).not.toContain(CARD);
    expect(app.cipher.decrypt(r!.enc)).toBe(CARD);
    const again = await call(token, 'POST', '/app/api/user/settle/add', {
      holderName: '王小二',
      cardNo: CARD,
      bankName: '建设银行',
    });
    expect(again.code).toBe(409);
    const card2 = cardNo('622848001234567890');
    const edit = await call(token, 'POST', '/api/ag/my/center/settlement/edit', {
      holderName: '王小二',
      cardNo: card2,
      bankName: '农业银行',
    });
    expect(edit.code).toBe(200);
    const list = await call(token, 'GET', '/api/ag/my/center/settlement/list');
    expect(list.data.own).toMatchObject({ id: edit.data.id, bankName: '农业银行' });
    expect(JSON.stringify(list.data)).not.toContain(card2);
  });
});

describe('other accounts', () => {
  const holderMobile = '13712345678';
  const body = {
    holderName: '周其他',
    cardNo: cardNo('621483001122334455'),
    bankName: '招商银行',
    mobile: holderMobile,
  };

  it("needs the code sent to the other holder's mobile", async () => {
    const wrong = await call(token, 'POST', '/api/ag/my/center/settlement/addOther', {
      ...body,
      smsCode: '123456',
    });
    expect(wrong.code).toBe(400);
    expect(wrong.msg).toContain('验证码');
    const badMobile = await call(token, 'GET', '/api/ag/my/center/settle/sendSMS?mobile=123');
    expect(badMobile.msg).toContain('手机号');
    const sent = await call(
      token,
      'GET',
      `/api/ag/my/center/settle/sendSMS?mobile=${holderMobile}`,
    );
    expect(sent.code).toBe(200);
    const msg = await app.inject({
      method: 'GET',
      url: `/prod-api/api/dev/sms/outbox?mobile=${holderMobile}`,
    });
    expect(msg.json().data.scene).toBe('settle');
    const added = await call(token, 'POST', '/api/ag/my/center/settlement/addOther', {
      ...body,
      smsCode: msg.json().data.code,
    });
    expect(added.code).toBe(200);
    expect(added.data).toMatchObject({ kind: 'other', holderName: '周其他' });
    expect(added.data.mobileMasked).not.toBe(holderMobile);
    const reuse = await call(token, 'POST', '/api/ag/my/center/settlement/addOther', {
      ...body,
      smsCode: msg.json().data.code,
    });
    expect(reuse.code).toBe(400);
  });

  it("deletes only the caller's own other account; anyone else's answers as missing", async () => {
    const list = await call(token, 'GET', '/api/ag/my/center/settlement/list');
    const id = list.data.others[0].id;
    expect(
      (await call(otherToken, 'POST', '/api/ag/my/center/settlement/delOther', { id })).code,
    ).toBe(404);
    expect(
      (await call(otherToken, 'GET', '/api/ag/my/center/settlement/list')).data.others,
    ).toHaveLength(0);
    expect((await call(token, 'POST', '/api/ag/my/center/settlement/delOther', { id })).code).toBe(
      200,
    );
    expect(
      (await call(token, 'GET', '/api/ag/my/center/settlement/list')).data.others,
    ).toHaveLength(0);
    expect((await call(token, 'POST', '/api/ag/my/center/settlement/delOther', { id })).code).toBe(
      404,
    );
  });
});
