import { pricingOf } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { makeLiandongPush, type LiandongSenderKeys } from '../src/modules/channels/liandong/codec';
import { fenToYuan } from '../src/modules/channels/liandong/decimal';
import { formatShanghaiTime } from '../src/modules/channels/sign';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { channelsOfTerminals, simulatePush } from '../src/modules/channels/simulator';
import { configureChannel, postPush } from './channel-helpers';
import { LD_KEYS, ldNotice, PKCS1_DECRYPT } from './channel.liandong-helpers';
import { createTestContext } from './helpers';

/**
 * The 联动 channel end to end: notices built from the specification's field tables, encrypted
 * and signed as 联动 does with the demo keys, posted to /api/notify/channel/liandong. On a Node.js
 * that refuses RSA PKCS#1 v1.5 decryption (20), every push is refused and changes nothing.
 */
const ctx = await createTestContext();
const { app, demo } = ctx;
const db = app.db;
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const fx = await createSettlementFixture(db, chain, { tag: 'LD1', terminals: 4 });
const MERCHANT_NO = 'MLD1';
const owner = demo.grandchild;
for (const sn of ['LDFREE0001', 'LDFREE0002'])
  await db.execute(sql`
    INSERT INTO terminals (sn, brand_id, model, policy_id, holder_agent_id, holder_path, top_id)
    VALUES (${sn}, ${fx.brandId}, 'P1', ${fx.policyId}, ${owner.id}, ${owner.path}, ${owner.topId})`);

// The demo's 新大陆 (XN…) terminals are the 联动 channel's too.
const [xn] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands WHERE name = '新大陆'`);
const channel = {
  code: 'liandong',
  name: '联动',
  protocol: 'liandong',
  acquirerPublicKey: LD_KEYS.acquirerPublic,
  platformPrivateKey: LD_KEYS.platformPrivate,
  brandIds: [fx.brandId, Number(xn!.id)],
};
const channelId = await configureChannel(app, channel);

const SENDER: LiandongSenderKeys = {
  acquirerPrivateKey: LD_KEYS.acquirerPrivate,
  platformPublicKey: LD_KEYS.platformPublic,
};
const make = (serviceType: string, notice: Record<string, unknown>, keys = SENDER) =>
  makeLiandongPush({ serviceType, appId: '90001' }, notice, keys);
const post = (push: Record<string, unknown>, code = 'liandong') =>
  postPush(app, code, JSON.stringify(push));
const send = (serviceType: string, notice: Record<string, unknown>) =>
  post(make(serviceType, notice));

let seq = 0;
const nextOrderNo = () => `LD${Date.now()}${++seq}`;
/** A 刷卡 credit trade of the fixture's merchant, as the spec's table describes it. */
const trade = (over: Record<string, unknown> = {}) => ({
  ...ldNotice('pay-order'),
  customerNo: MERCHANT_NO,
  materialsNo: fx.sns[0],
  orderNo: nextOrderNo(),
  amount: '1234.56',
  settleAmount: '1227.15',
  feeRate: '0.6',
  fee: '7.41',
  successTime: formatShanghaiTime(new Date()),
  ...over,
});

const txnOf = async (orderNo: string) => {
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT * FROM transactions WHERE acquirer_txn_id = ${`liandong:${orderNo}`}`,
  );
  return t;
};
const pushesOf = async (orderNo: string) =>
  rows<{ outcome: string; reason: string | null }>(
    db,
    sql`SELECT outcome, reason FROM channel_pushes WHERE channel_id = ${channelId} AND order_no = ${orderNo} ORDER BY id`,
  );
const lastPush = async () => {
  const [p] = await rows<{ outcome: string; reason: string | null; order_no: string | null }>(
    db,
    sql`SELECT outcome, reason, order_no FROM channel_pushes WHERE channel_code = 'liandong' ORDER BY id DESC LIMIT 1`,
  );
  return p;
};
const count = async (table: string) => {
  const [r] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`);
  return Number(r!.n);
};
const terminal = async (sn: string) => {
  const [t] = await rows<{ bind_status: number; merchant_id: unknown; activated_at: unknown }>(
    db,
    sql`SELECT bind_status, merchant_id, activated_at FROM terminals WHERE sn = ${sn}`,
  );
  return t!;
};
const ratesOf = async (merchantId: number) =>
  (
    await rows<{ rate_type: number; rate_ppm: number }>(
      db,
      sql`SELECT rate_type, rate_ppm FROM merchant_rates WHERE merchant_id = ${merchantId} ORDER BY rate_type`,
    )
  ).map((r) => [r.rate_type, r.rate_ppm]);

/** Earnings per agent and kind of some terminals, after settling everything queued. */
async function ledgerOf(terminalIds: number[]) {
  for (let i = 0; i < 20; i++) {
    await db.execute(sql`UPDATE settlement_queue SET not_before = now() - interval '1 second'`);
    await runSettlement(db);
    if ((await count('settlement_queue')) === 0) break;
  }
  const got = await rows<{ agent: unknown; info_type: string; amount: unknown }>(
    db,
    sql`SELECT a.agent_id AS agent, l.info_type, sum(l.amount_fen) AS amount
          FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
          JOIN transactions t ON t.id = l.txn_id
         WHERE t.terminal_id = ANY(${sql.param(terminalIds)}::bigint[]) AND a.agent_id IS NOT NULL
         GROUP BY 1, 2 HAVING sum(l.amount_fen) <> 0 ORDER BY 1, 2`,
  );
  return got.map((g) => `${String(g.agent)} ${g.info_type} ${Number(g.amount)}`);
}

/** What a refused push must leave as it was. */
const state = async () => ({
  transactions: await count('transactions'),
  terminals: await rows(
    db,
    sql`SELECT sn, bind_status, merchant_id, activated_at FROM terminals ORDER BY sn`,
  ),
  fees: await count('fee_collections'),
  rates: await ratesOf(fx.merchantId),
  merchants: await count('merchants'),
});

if (!PKCS1_DECRYPT) {
  describe('联动 on a Node.js without RSA PKCS#1 v1.5 decryption', () => {
    it('refuses every push, says why, and changes nothing (the protection stays on)', async () => {
      const before = await state();
      const res = await send('PAY_ORDER_NOTIFY', trade());
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toBe('OK');
      expect((await lastPush())?.reason).toMatch(/^runtime_unsupported: .*Node\.js 22/);
      expect(await state()).toEqual(before);
    });
  });
} else {
  describe('联动 PAY_ORDER_NOTIFY', () => {
    it('a signed, encrypted trade is stored in fen, answered OK, and settles', async () => {
      const n = trade();
      const res = await send('PAY_ORDER_NOTIFY', n);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('OK');
      const t = await txnOf(n.orderNo);
      expect(t).toMatchObject({
        sn: fx.sns[0],
        merchant_id: String(fx.merchantId),
        kind: 1,
        total_type: 1,
        card_type: 1,
        pay_type: 1,
        method: 1,
        status: 1,
        merchant_rate_ppm: 6000,
        card_no_masked: '6200***********8888',
        flag: null,
      });
      expect(Number(t!.amount_fen)).toBe(123456);
      expect(Number(t!.fee_fen)).toBe(741);
      expect(await pushesOf(n.orderNo)).toEqual([{ outcome: 'accepted', reason: null }]);
      expect(await ledgerOf([fx.terminalIds[0]!])).not.toEqual([]);
    });

    it('a refund notice (a transType other than TRADE, which the specification does not define) is kept, flagged and acknowledged, and moves no money', async () => {
      const paid = trade({ materialsNo: fx.sns[0] });
      expect((await send('PAY_ORDER_NOTIFY', paid)).body).toBe('OK');
      const ledger = await ledgerOf([fx.terminalIds[0]!]);
      expect(ledger).not.toEqual([]);
      const before = await state();
      // What a refund of that trade would look like in the trade notice's fields.
      const refund = trade({
        materialsNo: fx.sns[0],
        transType: 'REFUND',
        oriOrderNo: paid.orderNo,
        amount: paid.amount,
      });
      const res = await send('PAY_ORDER_NOTIFY', refund);
      // Acknowledged (so 联动 stops retrying) and listed for the operators, who settle it by hand.
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe('OK');
      expect(await pushesOf(refund.orderNo)).toEqual([
        {
          outcome: 'flagged',
          reason: 'unknown transType REFUND: not recorded (the specification defines TRADE only)',
        },
      ]);
      expect(await txnOf(refund.orderNo)).toBeUndefined();
      expect(await state()).toEqual(before);
      expect(await ledgerOf([fx.terminalIds[0]!])).toEqual(ledger);
    });

    it('a replay answers OK and changes nothing', async () => {
      const n = trade({ materialsNo: fx.sns[1] });
      const push = make('PAY_ORDER_NOTIFY', n);
      expect((await post(push)).body).toBe('OK');
      const before = await state();
      // The same push again, and 联动's retry of it (a new envelope, the same order number).
      expect((await post(push)).body).toBe('OK');
      const again = make('PAY_ORDER_NOTIFY', n);
      expect((await post(again)).body).toBe('OK');
      expect(await state()).toEqual(before);
      expect((await pushesOf(n.orderNo)).map((p) => p.outcome)).toEqual([
        'accepted',
        'duplicate',
        'duplicate',
      ]);
    });

    it('refuses a bad signature, a wrong key, a tampered field and a missing sign, changing nothing', async () => {
      const before = await state();
      const good = make('PAY_ORDER_NOTIFY', trade());
      const other = make('PAY_ORDER_NOTIFY', trade({ amount: '9999.99' }));
      const cases: [Record<string, unknown>, RegExp][] = [
        // Signed by a key that is not 联动's.
        [
          make('PAY_ORDER_NOTIFY', trade(), {
            acquirerPrivateKey: LD_KEYS.platformPrivate,
            platformPublicKey: LD_KEYS.platformPublic,
          }),
          /^bad_signature/,
        ],
        // Another push's data under this push's signature.
        [{ ...good, data: other.data }, /^bad_signature/],
        [{ ...good, serviceType: 'MATERIALS_ACTIVATION_NOTIFY' }, /^bad_signature/],
        [{ ...good, sign: undefined }, /^malformed/],
        // Signed by 联动 but encrypted for someone other than the platform.
        [
          make('PAY_ORDER_NOTIFY', trade(), {
            acquirerPrivateKey: LD_KEYS.acquirerPrivate,
            platformPublicKey: LD_KEYS.acquirerPublic,
          }),
          /^undecryptable/,
        ],
      ];
      for (const [push, reason] of cases) {
        const res = await post(push);
        expect(res.statusCode).toBe(400);
        expect(res.body).toBe('FAIL');
        const p = await lastPush();
        expect(p?.outcome).toBe('refused');
        expect(p?.reason).toMatch(reason);
      }
      const notJson = await postPush(app, 'liandong', 'data=1&sign=2');
      expect(notJson.body).toBe('FAIL');
      expect(await state()).toEqual(before);
    });

    it('refuses every push while a key is not configured, never skipping the check', async () => {
      const before = await state();
      await configureChannel(app, { ...channel, platformPrivateKey: null });
      try {
        const res = await send('PAY_ORDER_NOTIFY', trade());
        expect(res.body).toBe('FAIL');
        expect(await lastPush()).toMatchObject({
          outcome: 'refused',
          reason: 'platformPrivateKey not configured',
        });
      } finally {
        await configureChannel(app, channel);
      }
      await configureChannel(app, { ...channel, acquirerPublicKey: LD_KEYS.platformPublic });
      try {
        expect((await send('PAY_ORDER_NOTIFY', trade())).body).toBe('FAIL');
        expect((await lastPush())?.reason).toMatch(/^bad_signature/);
      } finally {
        await configureChannel(app, channel);
      }
      expect(await state()).toEqual(before);
    });

    it("refuses an unknown channel and a push for another channel's terminal", async () => {
      const before = await state();
      const unknown = await post(make('PAY_ORDER_NOTIFY', trade()), 'liandong-x');
      expect(unknown.statusCode).toBe(404);
      const [ld] = await rows<{ sn: string }>(
        db,
        sql`SELECT sn FROM terminals WHERE sn LIKE 'LD%' AND sn NOT LIKE 'LDFREE%' ORDER BY sn LIMIT 1`,
      );
      const res = await send('PAY_ORDER_NOTIFY', trade({ materialsNo: ld!.sn }));
      expect(res.body).toBe('FAIL');
      expect((await lastPush())?.reason).toBe(`terminal ${ld!.sn} is not served by this channel`);
      expect(await state()).toEqual(before);
    });

    it('flags a pay type the mapping does not know, and records no trade', async () => {
      const n = trade({ payTypeCode: 'POS_VIP_CC' });
      expect((await send('PAY_ORDER_NOTIFY', n)).body).toBe('OK');
      expect(await txnOf(n.orderNo)).toBeUndefined();
      expect(await pushesOf(n.orderNo)).toEqual([
        { outcome: 'flagged', reason: 'unknown payTypeCode POS_VIP_CC' },
      ]);
    });

    it('a SIM fee 联动 stopped from a trade is the trade and the communication fee the policies share', async () => {
      const stopOrderNo = `STOP${nextOrderNo()}`;
      const n = trade({
        materialsNo: fx.sns[3],
        amount: '500.00',
        fee: '3.00',
        settleAmount: '461.00',
        stopOrderNo,
        stopPayType: 'SIM',
        stopPayAmount: '36.00',
        stopRuleIndex: 1,
        stopPhaseIndex: 1,
      });
      expect((await send('PAY_ORDER_NOTIFY', n)).body).toBe('OK');
      expect(await pushesOf(n.orderNo)).toEqual([{ outcome: 'accepted', reason: null }]);
      expect(Number((await txnOf(n.orderNo))!.amount_fen)).toBe(50000);
      const fee = await txnOf(stopOrderNo);
      expect(fee).toMatchObject({ total_type: 9, sn: fx.sns[3] });
      expect(Number(fee!.amount_fen)).toBe(3600);
      const fees = await rows<{ kind: string; amount_fen: unknown }>(
        db,
        sql`SELECT kind, amount_fen FROM fee_collections WHERE terminal_id = ${fx.terminalIds[3]}`,
      );
      expect(fees.map((f) => [f.kind, Number(f.amount_fen)])).toEqual([['comm_fee', 3600]]);
    });

    it('a service fee stopped from a trade is collected; the trade, which 联动 shares no fee on, waits for an operator', async () => {
      const n = trade({
        materialsNo: fx.sns[2],
        amount: '299.00',
        fee: '0.00',
        settleAmount: '200.00',
        stopPayType: 'MACHINE',
        stopPayAmount: '99.00',
        stopRuleIndex: 1,
        stopPhaseIndex: 1,
      });
      expect((await send('PAY_ORDER_NOTIFY', n)).body).toBe('OK');
      expect(await txnOf(n.orderNo)).toBeUndefined();
      expect(await txnOf(`${n.orderNo}:MACHINE`)).toMatchObject({ total_type: 8 });
      const [p] = await pushesOf(n.orderNo);
      expect(p).toMatchObject({
        outcome: 'flagged',
        reason: expect.stringMatching(/paid the service fee/),
      });
    });
  });

  describe('联动 terminal notices', () => {
    it('MATERIALS_ACTIVATION_NOTIFY activates the bound terminal, once', async () => {
      const sn = fx.sns[2]!;
      const n = { ...ldNotice('activation'), customerNo: MERCHANT_NO, materialsNo: sn };
      expect((await terminal(sn)).bind_status).toBe(1);
      expect((await send('MATERIALS_ACTIVATION_NOTIFY', n)).body).toBe('OK');
      const t = await terminal(sn);
      expect(t.bind_status).toBe(3);
      expect(new Date(t.activated_at as string)).toEqual(new Date('2025-12-10T03:00:00Z'));
      expect((await send('MATERIALS_ACTIVATION_NOTIFY', n)).body).toBe('OK');
      expect(await pushesOf(`activation:${sn}:${MERCHANT_NO}:2025-12-10 11:00:00`)).toEqual([
        { outcome: 'accepted', reason: null },
        { outcome: 'duplicate', reason: expect.stringMatching(/^replay of push/) },
      ]);
    });

    it('MATERIAL_BIND_STATUS_NOTIFY binds, moves the merchant to another terminal, and unbinds', async () => {
      const at = (m: number) => formatShanghaiTime(new Date(Date.now() - 60_000 * (10 - m)));
      const bind = (over: Record<string, unknown>) =>
        send('MATERIAL_BIND_STATUS_NOTIFY', {
          ...ldNotice('bind'),
          customerNo: MERCHANT_NO,
          ...over,
        });
      expect(
        (await bind({ materialsNo: 'LDFREE0001', bindStatus: 'BINDED', changeTime: at(1) })).body,
      ).toBe('OK');
      expect(await terminal('LDFREE0001')).toMatchObject({
        bind_status: 1,
        merchant_id: String(fx.merchantId),
      });
      const move = {
        oldMaterialsNo: 'LDFREE0001',
        materialsNo: 'LDFREE0002',
        bindStatus: 'CHANGE_BIND',
        changeTime: at(2),
      };
      expect((await bind(move)).body).toBe('OK');
      expect(await terminal('LDFREE0001')).toMatchObject({ bind_status: 0, merchant_id: null });
      expect(await terminal('LDFREE0002')).toMatchObject({
        bind_status: 1,
        merchant_id: String(fx.merchantId),
      });
      // A replayed move changes nothing.
      const before = await state();
      expect((await bind(move)).body).toBe('OK');
      expect(await state()).toEqual(before);
      expect(
        (await bind({ materialsNo: 'LDFREE0002', bindStatus: 'TRUE', changeTime: at(3) })).body,
      ).toBe('OK');
      expect(await terminal('LDFREE0002')).toMatchObject({ bind_status: 0, merchant_id: null });
    });

    it('flags a bind status the mapping does not know, changing nothing', async () => {
      const before = await state();
      const n = {
        ...ldNotice('bind'),
        customerNo: MERCHANT_NO,
        materialsNo: 'LDFREE0001',
        bindStatus: 'LOCKED',
      };
      expect((await send('MATERIAL_BIND_STATUS_NOTIFY', n)).body).toBe('OK');
      expect(await lastPush()).toMatchObject({
        outcome: 'flagged',
        reason: 'unknown bindStatus LOCKED',
      });
      expect(await state()).toEqual(before);
    });
  });

  describe('联动 merchant notices', () => {
    it('CUSTOMER_INFO_REGISTER_NOTIFY updates the merchant of that number with its address and rates', async () => {
      const n = ldNotice('register');
      (n.customerInfoNotify as Record<string, unknown>).customerNo = MERCHANT_NO;
      expect((await send('CUSTOMER_INFO_REGISTER_NOTIFY', n)).body).toBe('OK');
      expect(await pushesOf(`register:${MERCHANT_NO}`)).toEqual([
        { outcome: 'accepted', reason: null },
      ]);
      const [m] = await rows<{ address: string; mobile: string; legal_name: string }>(
        db,
        sql`SELECT address, mobile, legal_name FROM merchants WHERE id = ${fx.merchantId}`,
      );
      // The masked name and mobile are not written over the merchant's own.
      expect(m).toEqual({
        address: '上海市浦东新区示例路1号',
        mobile: '13700000000',
        legal_name: '张三',
      });
      expect(await ratesOf(fx.merchantId)).toEqual([
        [1, 6000],
        [2, 3800],
        [3, 3800],
        [6, 2500],
      ]);
    });

    it('CUSTOMER_LAST_RATE_NOTIFY sets the latest effective rates', async () => {
      const n = { ...ldNotice('rate'), customerNo: MERCHANT_NO };
      expect((await send('CUSTOMER_LAST_RATE_NOTIFY', n)).body).toBe('OK');
      expect(await ratesOf(fx.merchantId)).toEqual([
        [1, 5500],
        [2, 3800],
        [3, 3800],
        [4, 3850],
        [6, 2000],
      ]);
    });

    it('a rate notice with codes that disagree is flagged and sets the rates that are certain', async () => {
      const base = (ldNotice('rate').rateNotifyList as Record<string, unknown>[])[0]!;
      const n = {
        customerNo: MERCHANT_NO,
        rateNotifyList: [
          { ...base, payTypeViewCode: 'WECHAT', rateValue: '0.30', rateVersion: 'V9' },
          { ...base, payTypeViewCode: 'ALIPAY', rateValue: '0.38', rateVersion: 'V9' },
          { ...base, payTypeViewCode: 'UNIONPAY_DOWN_CC', rateValue: '0.35', rateVersion: 'V9' },
        ],
      };
      expect((await send('CUSTOMER_LAST_RATE_NOTIFY', n)).body).toBe('OK');
      expect(await lastPush()).toMatchObject({
        outcome: 'flagged',
        reason: 'rate type 3: ALIPAY and WECHAT disagree',
      });
      expect(await ratesOf(fx.merchantId)).toEqual([
        [1, 5500],
        [2, 3500],
        [3, 3800],
        [4, 3850],
        [6, 2000],
      ]);
    });

    it('onboarding a merchant the platform does not know is flagged (联动 names no terminal)', async () => {
      const before = await state();
      const n = ldNotice('register');
      (n.customerInfoNotify as Record<string, unknown>).customerNo = 'MLDNEW1';
      expect((await send('CUSTOMER_INFO_REGISTER_NOTIFY', n)).body).toBe('OK');
      expect(await lastPush()).toMatchObject({
        outcome: 'flagged',
        reason: "onboarding: merchant MLDNEW1 has no terminal in an agent's stock",
      });
      expect(await state()).toEqual(before);
    });

    it('payout notices are kept and acknowledged; a failed payout is shown to the operators', async () => {
      const before = await state();
      expect((await send('PAYMENT_ORDER_NOTIFY_V2', ldNotice('payment-v2'))).body).toBe('OK');
      expect(await lastPush()).toMatchObject({ outcome: 'accepted', reason: null });
      const failed = { ...ldNotice('payment-v2'), status: 'FAIL', failReason: '账户冻结' };
      expect((await send('PAYMENT_ORDER_NOTIFY', failed)).body).toBe('OK');
      expect(await lastPush()).toMatchObject({
        outcome: 'flagged',
        reason: 'PAYMENT_ORDER_NOTIFY W2025121000000001: payout fail: 账户冻结',
      });
      expect((await send('CUSTOMER_FREEZE_NOTIFY', { customerNo: MERCHANT_NO })).body).toBe('OK');
      expect((await lastPush())?.reason).toBe('unknown serviceType CUSTOMER_FREEZE_NOTIFY');
      expect(await state()).toEqual(before);
    });
  });

  describe('联动 order independence', () => {
    it('fee deductions in any order settle to the same ledger as in order', async () => {
      const worlds: string[][] = [];
      const fixtures: number[] = [];
      for (const [w, reversed] of [
        ['A', false],
        ['B', true],
      ] as const) {
        const f = await createSettlementFixture(db, chain, { tag: `LDO${w}`, terminals: 1 });
        fixtures.push(f.brandId);
        await configureChannel(app, { ...channel, brandIds: [...channel.brandIds, ...fixtures] });
        const t0 = Date.now() - 3_600_000;
        const pushes = [
          ['MACHINE', 9900, t0],
          ['MACHINE', 19900, t0 + 60_000],
          ['SIM', 3600, t0 + 120_000],
          ['SIM', 6000, t0 + 180_000],
        ].map(([type, fen, at], i) =>
          make(
            'PAY_ORDER_NOTIFY',
            trade({
              customerNo: `MLDO${w}`,
              materialsNo: f.sns[0],
              orderNo: `LDO-${w}-${i}`,
              amount: '1000.00',
              fee: '6.00',
              settleAmount: fenToYuan(100000 - 600 - Number(fen)),
              successTime: formatShanghaiTime(new Date(Number(at))),
              stopPayType: type,
              stopPayAmount: fenToYuan(Number(fen)),
              stopRuleIndex: 1,
              stopPhaseIndex: 1,
            }),
          ),
        );
        for (const p of reversed ? [...pushes].reverse() : pushes)
          expect((await post(p)).body).toBe('OK');
        worlds.push(await ledgerOf(f.terminalIds));
      }
      expect(worlds[0]!.length).toBeGreaterThan(0);
      expect(worlds[1]).toEqual(worlds[0]);
    });
  });

  describe('the simulator speaks 联动', () => {
    it('the demo traffic of a 新大陆 terminal goes through the 联动 channel as a trade', async () => {
      const [t] = await rows<{ sn: string }>(
        db,
        sql`SELECT sn FROM terminals WHERE sn LIKE 'XN%' AND bind_status IN (1, 3) AND deleted_at IS NULL
             ORDER BY sn LIMIT 1`,
      );
      const sn = t!.sn;
      // The merchant's own rate, unlike any default a codec could fall back to.
      await rows(
        db,
        sql`UPDATE merchant_rates mr SET rate_ppm = 5830 FROM terminals t
             WHERE t.sn = ${sn} AND mr.merchant_id = t.merchant_id
               AND mr.rate_type = ${pricingOf(1)!.rateType}`,
      );
      const served = (await channelsOfTerminals(db, [sn])).get(sn);
      expect(served).toMatchObject({ code: 'liandong', protocol: 'liandong' });
      const txnId = `SIMLD${Date.now()}`;
      const push = simulatePush(
        served!,
        {
          txnId,
          sn,
          amountFen: 88800,
          payType: 1,
          totalType: 1,
          cardType: 1,
          method: 1,
          status: 1,
          tradeTime: new Date().toISOString(),
        },
        app.config.notifySecret,
      );
      expect(push).toMatchObject({ code: 'liandong', protocol: 'liandong' });
      const res = await postPush(app, push!.code, push!.body, push!.headers);
      expect(res.body).toBe('OK');
      expect(await pushesOf(txnId)).toEqual([{ outcome: 'accepted', reason: null }]);
      const stored = await txnOf(txnId);
      expect(stored).toMatchObject({ sn, total_type: 1, flag: null });
      expect(Number(stored!.amount_fen)).toBe(88800);
      // The push carries the merchant's own rate for the trade's type, as its acquirer charges it.
      const [own] = await rows<{ rate_ppm: number }>(
        db,
        sql`SELECT mr.rate_ppm FROM merchant_rates mr JOIN terminals t ON t.merchant_id = mr.merchant_id
             WHERE t.sn = ${sn} AND mr.rate_type = ${pricingOf(1)!.rateType}`,
      );
      expect(Number(own!.rate_ppm)).toBe(5830);
      expect(Number(stored!.merchant_rate_ppm)).toBe(5830);
      // A refund has no 联动 notice: the simulator does not invent one.
      expect(
        simulatePush(
          served!,
          {
            txnId: `${txnId}R`,
            kind: 2,
            origTxnId: txnId,
            sn,
            amountFen: 88800,
            payType: 1,
            totalType: 1,
            cardType: 1,
            method: 1,
            status: 1,
            tradeTime: new Date().toISOString(),
          },
          app.config.notifySecret,
        ),
      ).toBeNull();
    });
  });
}
