import { judgeActivation } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { checkActivation } from '../src/modules/terminals/check-activation';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const { app, demo, database } = await createTestContext();
const db = database.db;
const top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
const grandchild = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
const otherTop = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: { ...bearer(token), ...headers } });
const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/prod-api${url}`, payload, headers: bearer(token) });

async function terminal(sn: string) {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id, bind_status, merchant_id, bound_at, activated_at, holder_agent_id FROM terminals WHERE sn = ${sn}`,
  );
  return {
    id: Number(row!.id),
    bindStatus: Number(row!.bind_status),
    merchantId: row!.merchant_id === null ? null : Number(row!.merchant_id),
    boundAt: row!.bound_at === null ? null : new Date(row!.bound_at as string | Date),
  };
}
const merchantCount = async () =>
  Number((await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM merchants`))[0]!.n);
const newMerchant = {
  name: '测试便利店',
  legalName: '陈小明',
  mobile: '13712345678',
  address: '示范路1号',
};

describe('bind and unbind', () => {
  it('binds a terminal the caller holds to a new merchant signed up with it', async () => {
    const res = (
      await post(grandchild, '/api/term-info/bind', { sn: 'ld00001850', merchant: newMerchant })
    ).json();
    expect(res).toMatchObject({ code: 200, msg: '绑定成功', data: { sn: 'LD00001850' } });
    expect(res.data.merchantNo).toMatch(/^M\d{11}$/);
    const t = await terminal('LD00001850');
    expect(t).toMatchObject({ bindStatus: 1, merchantId: res.data.merchantId });
    const info = (await get(grandchild, '/api/term-info/info?sn=LD00001850')).json().data;
    expect(info).toMatchObject({
      bindStatus: 1,
      merchantName: '测试便利店',
      canBind: false,
      canUnbind: true,
    });
    // The history names the merchant the terminal went to, not the holder twice.
    expect(info.history[0]).toMatchObject({ type: 3, toName: '测试便利店' });
    expect(info.history[0].fromName).not.toBe('测试便利店');
    const merchant = (await get(grandchild, `/api/merchant/info?id=${res.data.merchantId}`)).json()
      .data;
    expect(merchant).toMatchObject({
      name: '测试便利店',
      legalName: '陈**',
      mobile: '137****5678',
      own: true,
      terminalCount: 1,
    });
    // The parent sees it bound in its team's list.
    const parentView = (await get(child, '/api/term-info/list?sn=LD00001850')).json().data.rows[0];
    expect(parentView).toMatchObject({ bindStatus: 1, merchantName: '测试便利店', own: false });
  });

  it('refuses to bind twice, or a terminal held by someone else, and changes nothing', async () => {
    const before = await merchantCount();
    const twice = (
      await post(grandchild, '/api/term-info/bind', { sn: 'LD00001850', merchant: newMerchant })
    ).json();
    expect(twice).toMatchObject({
      code: 400,
      msg: 'SN LD00001850 已绑定，不能重复绑定',
      field: 'sn',
    });
    const activated = (
      await post(grandchild, '/api/term-info/bind', { sn: 'LD00001801', merchant: newMerchant })
    ).json();
    expect(activated).toMatchObject({ code: 400, msg: 'SN LD00001801 已激活，不能重复绑定' });
    const subs = (
      await post(child, '/api/term-info/bind', { sn: 'LD00001860', merchant: newMerchant })
    ).json();
    expect(subs).toMatchObject({ code: 400, msg: 'SN LD00001860 不在您的库存中，不能绑定' });
    for (const [token, sn] of [
      [otherTop, 'LD00001860'],
      [grandchild, 'LD00001700'],
      [child, 'LD00000500'],
    ] as const) {
      const res = await post(token, '/api/term-info/bind', { sn, merchant: newMerchant });
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('终端不存在');
    }
    expect(await merchantCount()).toBe(before);
    expect((await terminal('LD00001860')).bindStatus).toBe(0);
  });

  it('binds to an existing merchant of the caller only', async () => {
    const own = (
      await get(grandchild, `/api/merchant/list?agentId=${demo.grandchild.id}&pageSize=1`)
    ).json().data.rows[0];
    const ok = (
      await post(grandchild, '/api/term-info/bind', { sn: 'LD00001861', merchantId: own.id })
    ).json();
    expect(ok).toMatchObject({ code: 200, data: { merchantId: own.id } });
    const childMerchant = (
      await get(child, `/api/merchant/list?agentId=${demo.child.id}&pageSize=1`)
    ).json().data.rows[0];
    const up = await post(grandchild, '/api/term-info/bind', {
      sn: 'LD00001862',
      merchantId: childMerchant.id,
    });
    expect(up.statusCode).toBe(404);
    expect(up.json().msg).toBe('商户不存在');
    const grandchildMerchant = own;
    const notDirect = (
      await post(child, '/api/term-info/bind', {
        sn: 'LD00001600',
        merchantId: grandchildMerchant.id,
      })
    ).json();
    expect(notDirect).toMatchObject({ code: 400, msg: '只能绑定到您直属的商户' });
    expect((await terminal('LD00001862')).bindStatus).toBe(0);
    expect((await terminal('LD00001600')).bindStatus).toBe(0);
  });

  it('validates the new merchant naming the field', async () => {
    const res = (
      await post(grandchild, '/api/term-info/bind', {
        sn: 'LD00001863',
        merchant: { ...newMerchant, mobile: '123' },
      })
    ).json();
    expect(res).toMatchObject({ code: 400, msg: '手机号码格式错误' });
    const none = (await post(grandchild, '/api/term-info/bind', { sn: 'LD00001863' })).json();
    expect(none).toMatchObject({ code: 400, msg: '请选择商户或填写新商户信息' });
  });

  it('unbinds a bound terminal but never an activated one', async () => {
    const res = (
      await post(grandchild, '/api/term-info/unbind', { sn: 'LD00001850', reason: '商户退机' })
    ).json();
    expect(res).toMatchObject({ code: 200, msg: '解绑成功' });
    expect(await terminal('LD00001850')).toMatchObject({
      bindStatus: 0,
      merchantId: null,
      boundAt: null,
    });
    const activated = (
      await post(grandchild, '/api/term-info/unbind', { sn: 'LD00001801' })
    ).json();
    expect(activated).toMatchObject({ code: 400, msg: 'SN LD00001801 已激活，不能解绑' });
    expect((await terminal('LD00001801')).bindStatus).toBe(3);
    const unbound = (await post(grandchild, '/api/term-info/unbind', { sn: 'LD00001850' })).json();
    expect(unbound).toMatchObject({ code: 400, msg: 'SN LD00001850 未绑定商户' });
    const before = await terminal('LD00001820');
    const outside = await post(otherTop, '/api/term-info/unbind', { sn: 'LD00001820' });
    expect(outside.statusCode).toBe(404);
    expect(await terminal('LD00001820')).toEqual(before);
  });
});

describe('activation', () => {
  const DAY = 86400_000;

  it('activates a bound terminal when card volume since binding reaches 10,000 yuan within 30 days', async () => {
    await post(grandchild, '/api/term-info/bind', {
      sn: 'LD00001870',
      merchant: { ...newMerchant, mobile: '13712340001' },
    });
    const t = await terminal('LD00001870');
    const boundAt = t.boundAt!;
    // Transactions as settlement will report them: failed and QR ones do not count.
    const txns = [
      { amountFen: 400_000, time: new Date(boundAt.getTime() + DAY), success: true, cardType: 1 },
      {
        amountFen: 900_000,
        time: new Date(boundAt.getTime() + 2 * DAY),
        success: false,
        cardType: 1,
      },
      {
        amountFen: 900_000,
        time: new Date(boundAt.getTime() + 2 * DAY),
        success: true,
        cardType: 0,
      },
      {
        amountFen: 599_999,
        time: new Date(boundAt.getTime() + 3 * DAY),
        success: true,
        cardType: 2,
      },
    ];
    const short = judgeActivation({
      boundAt,
      transactions: txns,
      now: new Date(boundAt.getTime() + 4 * DAY),
    });
    expect(short.volumeFen).toBe(999_999);
    const first = await checkActivation(
      db,
      t.id,
      short.volumeFen,
      new Date(boundAt.getTime() + 4 * DAY),
    );
    expect(first).toMatchObject({
      activated: false,
      newlyActivated: false,
      reason: 'volume_short',
    });
    expect((await terminal('LD00001870')).bindStatus).toBe(1);

    txns.push({
      amountFen: 1,
      time: new Date(boundAt.getTime() + 5 * DAY),
      success: true,
      cardType: 1,
    });
    const enough = judgeActivation({
      boundAt,
      transactions: txns,
      now: new Date(boundAt.getTime() + 6 * DAY),
    });
    const at = new Date(boundAt.getTime() + 6 * DAY);
    const second = await checkActivation(db, t.id, enough.volumeFen, at);
    expect(second).toMatchObject({ activated: true, newlyActivated: true });
    const again = await checkActivation(db, t.id, enough.volumeFen + 100, at);
    expect(again).toMatchObject({ activated: true, newlyActivated: false });

    // The state shows wherever the terminal is listed.
    const info = (await get(grandchild, '/api/term-info/info?sn=LD00001870')).json().data;
    expect(info).toMatchObject({ bindStatus: 3, activatedAt: at.toISOString(), canUnbind: false });
    const merchant = (await get(grandchild, `/api/merchant/info?id=${info.merchantId}`)).json()
      .data;
    expect(merchant.terminals[0]).toMatchObject({ sn: 'LD00001870', bindStatus: 3 });
    expect(merchant.activatedCount).toBe(1);
    const list = (await get(top, '/api/term-info/list?bindStatus=3&sn=LD0000187')).json().data.rows;
    expect(list.map((r: { sn: string }) => r.sn)).toEqual(['LD00001870']);
  });

  it('does not activate after the window, nor an unbound terminal', async () => {
    await post(grandchild, '/api/term-info/bind', {
      sn: 'LD00001871',
      merchant: { ...newMerchant, mobile: '13712340002' },
    });
    const t = await terminal('LD00001871');
    const late = await checkActivation(
      db,
      t.id,
      5_000_000,
      new Date(t.boundAt!.getTime() + 31 * DAY),
    );
    expect(late).toMatchObject({ activated: false, reason: 'window_passed' });
    expect((await terminal('LD00001871')).bindStatus).toBe(1);
    const unbound = await terminal('LD00001872');
    const none = await checkActivation(db, unbound.id, 5_000_000, new Date());
    expect(none).toMatchObject({ activated: false, reason: 'not_bound' });
    const policyRule = await checkActivation(
      db,
      t.id,
      300_000,
      new Date(t.boundAt!.getTime() + DAY),
      { thresholdFen: 300_000 },
    );
    expect(policyRule.newlyActivated).toBe(true);
  });
});

describe('scan calls with the merchant token', () => {
  it('issues a merchant token to an agent and reads a scanned terminal with it', async () => {
    const issued = (await post(grandchild, '/app/api/scan/token', {})).json();
    expect(issued).toMatchObject({ code: 200, data: { expiresInSeconds: 1800 } });
    const token = issued.data.token as string;
    const scan = (
      await app.inject({
        method: 'GET',
        url: `/prod-api/app/api/scan/terminal?sn=${encodeURIComponent('https://pos.example.com/t?sn=LD00001880')}`,
        headers: { token },
      })
    ).json();
    expect(scan).toMatchObject({
      code: 200,
      data: { sn: 'LD00001880', brandName: '联迪', bindStatus: 0, canBind: true },
    });
    const parentScan = await app.inject({
      method: 'GET',
      url: '/prod-api/app/api/scan/terminal?sn=LD00001501',
      headers: { token },
    });
    expect(parentScan.statusCode).toBe(404);
  });

  it('refuses a missing, forged or bearer token in the token header', async () => {
    const missing = await app.inject({
      method: 'GET',
      url: '/prod-api/app/api/scan/terminal?sn=LD00001880',
    });
    expect(missing.json()).toMatchObject({ code: 428, err: 'MERCHANT_TOKEN_INVALID' });
    const bearerAsMerchant = await app.inject({
      method: 'GET',
      url: '/prod-api/app/api/scan/terminal?sn=LD00001880',
      headers: { token: grandchild },
    });
    expect(bearerAsMerchant.json()).toMatchObject({ code: 428 });
    const issued = (await post(grandchild, '/app/api/scan/token', {})).json().data.token as string;
    const [body, mac] = issued.split('.');
    const forgedBody = Buffer.from(JSON.stringify({ a: demo.top.id, e: 9_999_999_999 })).toString(
      'base64url',
    );
    const forged = await app.inject({
      method: 'GET',
      url: '/prod-api/app/api/scan/terminal?sn=LD00000500',
      headers: { token: `${forgedBody}.${mac}` },
    });
    expect(forged.json()).toMatchObject({ code: 428 });
    expect(body).toBeTruthy();
    // The merchant token is not a bearer token either.
    const asBearer = await app.inject({
      method: 'GET',
      url: '/prod-api/api/term-info/summary',
      headers: bearer(issued),
    });
    expect(asBearer.statusCode).toBe(401);
    expect(
      (await app.inject({ method: 'POST', url: '/prod-api/app/api/scan/token' })).statusCode,
    ).toBe(401);
  });
});
