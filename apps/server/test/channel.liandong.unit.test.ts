import { CARD_TYPE, PAY_TYPE, RATE_TYPE, TOTAL_TYPE, TRANSACTION_METHOD } from '@pos/core';
import { describe, expect, it } from 'vitest';
import {
  LiandongRefusal,
  makeLiandongPush,
  openLiandongPush,
  signingText,
  signLiandongFields,
} from '../src/modules/channels/liandong/codec';
import { fenToYuan, percentToPpm, yuanToFen } from '../src/modules/channels/liandong/decimal';
import { liandongAdapter } from '../src/modules/channels/liandong';
import { ppmToPercent } from '../src/modules/channels/sign';
import { mapNotice } from '../src/modules/channels/liandong/mapping';
import { noticeOf } from '../src/modules/channels/liandong/simulate';
import type { UnifiedEvent } from '../src/modules/channels/unified';
import { LD_KEYS, ldNotice, PKCS1_DECRYPT } from './channel.liandong-helpers';

const sender = {
  acquirerPrivateKey: LD_KEYS.acquirerPrivate,
  platformPublicKey: LD_KEYS.platformPublic,
};
const receiver = {
  acquirerPublicKey: LD_KEYS.acquirerPublic,
  platformPrivateKey: LD_KEYS.platformPrivate,
};

function refusalOf(fn: () => unknown): LiandongRefusal {
  try {
    fn();
  } catch (e) {
    if (e instanceof LiandongRefusal) return e;
    throw e;
  }
  throw new Error('not refused');
}

describe('联动 amounts and rates are read from their decimal text', () => {
  it('converts yuan to fen and percent to ppm exactly', () => {
    expect(yuanToFen('100.11')).toBe(10011);
    expect(yuanToFen(100.11)).toBe(10011);
    expect(yuanToFen(0.29)).toBe(29);
    expect(yuanToFen('0.6')).toBe(60);
    expect(yuanToFen('25')).toBe(2500);
    expect(yuanToFen('1.10')).toBe(110);
    expect(yuanToFen(99999999.99)).toBe(9999999999);
    expect(percentToPpm(0.6)).toBe(6000);
    expect(percentToPpm('0.385')).toBe(3850);
    expect(percentToPpm('0.0001')).toBe(1);
  });

  it('refuses what is not an exact amount instead of rounding it', () => {
    expect(() => yuanToFen('1.005')).toThrow(/more than 2 decimal places/);
    expect(() => yuanToFen('1e3')).toThrow(/not a plain decimal/);
    expect(() => yuanToFen(0.1 + 0.2)).toThrow(/decimal places|digits/);
    expect(() => yuanToFen('')).toThrow();
    expect(() => yuanToFen(null)).toThrow();
    expect(() => percentToPpm('0.00001')).toThrow(/more than 4 decimal places/);
  });

  it('writes fen and ppm back as 联动 does', () => {
    expect(fenToYuan(10011)).toBe('100.11');
    expect(fenToYuan(5)).toBe('0.05');
    expect(ppmToPercent(6000)).toBe('0.6');
    expect(ppmToPercent(3850)).toBe('0.385');
    expect(ppmToPercent(10000)).toBe('1');
  });
});

describe('the 联动 envelope', () => {
  it('signs every field but sign that has a value, as k=v sorted by key and joined by &', () => {
    expect(
      signingText({
        timestamp: '1694420927678',
        appId: 'A1',
        sign: 'x',
        responseId: '',
        serviceType: 'PAY_ORDER_NOTIFY',
        data: 'ZGF0YQ==',
        encryptKey: 'a2V5',
      }),
    ).toBe(
      'appId=A1&data=ZGF0YQ==&encryptKey=a2V5&serviceType=PAY_ORDER_NOTIFY&timestamp=1694420927678',
    );
  });

  it('opens a push made with the demo keys, or refuses it where the runtime cannot decrypt', () => {
    const notice = ldNotice('pay-order');
    const push = makeLiandongPush(
      { serviceType: 'PAY_ORDER_NOTIFY', appId: '90001' },
      notice,
      sender,
    );
    expect(Object.keys(push).sort()).toEqual(
      ['appId', 'data', 'encryptKey', 'responseId', 'serviceType', 'sign', 'timestamp'].sort(),
    );
    expect(push.data).not.toContain('orderNo');
    if (PKCS1_DECRYPT) {
      const opened = openLiandongPush(push, receiver);
      expect(opened.serviceType).toBe('PAY_ORDER_NOTIFY');
      expect(opened.appId).toBe('90001');
      expect(opened.notice).toEqual(notice);
    } else {
      const refusal = refusalOf(() => openLiandongPush(push, receiver));
      expect(refusal.reason).toBe('runtime_unsupported');
      expect(refusal.message).toMatch(/Node\.js 22/);
    }
  });

  it('refuses a push signed with another key, a tampered field, or a missing key', () => {
    const push = makeLiandongPush(
      { serviceType: 'PAY_ORDER_NOTIFY' },
      ldNotice('pay-order'),
      sender,
    );
    // Signed by someone else (the platform's own key is not 联动's).
    const wrongKey = makeLiandongPush({ serviceType: 'PAY_ORDER_NOTIFY' }, ldNotice('pay-order'), {
      acquirerPrivateKey: LD_KEYS.platformPrivate,
      platformPublicKey: LD_KEYS.platformPublic,
    });
    expect(refusalOf(() => openLiandongPush(wrongKey, receiver)).reason).toBe('bad_signature');
    // Any field changed after signing.
    for (const field of ['serviceType', 'timestamp', 'appId', 'responseId'] as const) {
      const tampered = { ...push, [field]: `${push[field]}1` };
      expect(refusalOf(() => openLiandongPush(tampered, receiver)).reason).toBe('bad_signature');
    }
    const otherData = makeLiandongPush(
      { serviceType: 'PAY_ORDER_NOTIFY' },
      { ...ldNotice('pay-order'), amount: 9999 },
      sender,
    );
    expect(
      refusalOf(() => openLiandongPush({ ...push, data: otherData.data }, receiver)).reason,
    ).toBe('bad_signature');
    const unsigned: Record<string, string> = { ...push };
    delete unsigned.sign;
    expect(refusalOf(() => openLiandongPush(unsigned, receiver)).reason).toBe('malformed');
    // No key configured: refused, never let through.
    expect(
      refusalOf(() => openLiandongPush(push, { ...receiver, acquirerPublicKey: '' })).reason,
    ).toBe('missing_key');
    expect(
      refusalOf(() => openLiandongPush(push, { ...receiver, platformPrivateKey: undefined }))
        .reason,
    ).toBe('missing_key');
    expect(refusalOf(() => openLiandongPush([push], receiver)).reason).toBe('malformed');
  });

  it('refuses a correctly signed push whose key was encrypted for someone else', () => {
    const forOther = makeLiandongPush({ serviceType: 'PAY_ORDER_NOTIFY' }, ldNotice('pay-order'), {
      acquirerPrivateKey: LD_KEYS.acquirerPrivate,
      platformPublicKey: LD_KEYS.acquirerPublic,
    });
    expect(refusalOf(() => openLiandongPush(forOther, receiver)).reason).toBe(
      PKCS1_DECRYPT ? 'undecryptable' : 'runtime_unsupported',
    );
  });

  it('accepts base64 broken into lines, as Java MIME encoders write it, signed as sent', () => {
    const push = makeLiandongPush(
      { serviceType: 'PAY_ORDER_NOTIFY' },
      ldNotice('pay-order'),
      sender,
    );
    const lines = (b64: string) => b64.replace(/(.{76})/g, '$1\r\n');
    const wrapped: Record<string, string> = { ...push, data: lines(push.data!) };
    wrapped.sign = lines(signLiandongFields(wrapped, LD_KEYS.acquirerPrivate));
    expect(wrapped.sign).toContain('\r\n');
    if (PKCS1_DECRYPT)
      expect(openLiandongPush(wrapped, receiver).notice).toEqual(ldNotice('pay-order'));
    else
      expect(refusalOf(() => openLiandongPush(wrapped, receiver)).reason).toBe(
        'runtime_unsupported',
      );
    // The unwrapped data under the wrapped data's signature is another text: refused.
    expect(
      refusalOf(() => openLiandongPush({ ...wrapped, data: push.data }, receiver)).reason,
    ).toBe('bad_signature');
  });

  it('re-signing a tampered push needs 联动 private key', () => {
    const push = makeLiandongPush(
      { serviceType: 'PAY_ORDER_NOTIFY' },
      ldNotice('pay-order'),
      sender,
    );
    const tampered: Record<string, string> = { ...push, appId: 'other' };
    tampered.sign = signLiandongFields(tampered, LD_KEYS.platformPrivate);
    expect(refusalOf(() => openLiandongPush(tampered, receiver)).reason).toBe('bad_signature');
  });
});

describe('the 联动 adapter', () => {
  it('answers OK for what it keeps and never for a refusal', () => {
    expect(liandongAdapter.answer('accepted')).toMatchObject({ status: 200, body: 'OK' });
    expect(liandongAdapter.answer('duplicate').body).toBe('OK');
    expect(liandongAdapter.answer('flagged').body).toBe('OK');
    expect(liandongAdapter.answer('refused').body).not.toBe('OK');
  });

  it('decodes what it encodes, and refuses without the keys', async () => {
    const events: UnifiedEvent[] = [
      {
        type: 'activation',
        sn: 'XN1',
        merchantNo: 'M1',
        activatedAt: new Date('2025-12-10T03:00:00Z'),
      },
    ];
    const push = liandongAdapter.encode(events, sender);
    const decoded = await liandongAdapter.decode({ body: push.body, headers: {} }, receiver);
    if (PKCS1_DECRYPT)
      expect(decoded).toEqual({
        ok: true,
        orderNo: 'activation:XN1:M1:2025-12-10 11:00:00',
        events,
      });
    else
      expect(decoded).toMatchObject({
        ok: false,
        reason: expect.stringMatching(/^runtime_unsupported/),
      });
    expect(await liandongAdapter.decode({ body: push.body, headers: {} }, {})).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^missing_key/),
    });
    expect(
      await liandongAdapter.decode({ body: Buffer.from('OK'), headers: {} }, receiver),
    ).toMatchObject({ ok: false, reason: expect.stringMatching(/^malformed/) });
  });

  it('opening on its worker threads, refuses what is forged or not for the platform', async () => {
    const decode = (push: Record<string, string>) =>
      liandongAdapter.decode({ body: Buffer.from(JSON.stringify(push)), headers: {} }, receiver);
    const push = makeLiandongPush(
      { serviceType: 'PAY_ORDER_NOTIFY' },
      ldNotice('pay-order'),
      sender,
    );
    const wrongSigner = makeLiandongPush(
      { serviceType: 'PAY_ORDER_NOTIFY' },
      ldNotice('pay-order'),
      {
        acquirerPrivateKey: LD_KEYS.platformPrivate,
        platformPublicKey: LD_KEYS.platformPublic,
      },
    );
    const forOther = makeLiandongPush({ serviceType: 'PAY_ORDER_NOTIFY' }, ldNotice('pay-order'), {
      acquirerPrivateKey: LD_KEYS.acquirerPrivate,
      platformPublicKey: LD_KEYS.acquirerPublic,
    });
    // Many at once, as they arrive under load: each answered for itself.
    const answers = await Promise.all([
      decode(push),
      decode(wrongSigner),
      decode({ ...push, timestamp: `${push.timestamp}1` }),
      decode({ ...push, sign: wrongSigner.sign! }),
      decode(forOther),
      decode(push),
    ]);
    const reasons = answers.map((a) => (a.ok ? 'ok' : a.reason.split(':')[0]));
    const opens = PKCS1_DECRYPT ? 'ok' : 'runtime_unsupported';
    expect(reasons).toEqual([
      opens,
      'bad_signature',
      'bad_signature',
      'bad_signature',
      PKCS1_DECRYPT ? 'undecryptable' : 'runtime_unsupported',
      opens,
    ]);
    if (PKCS1_DECRYPT)
      expect(answers[0]).toMatchObject({ ok: true, orderNo: 'LD2025121000000001' });
  });
});

describe('联动 notices map to unified events', () => {
  it('PAY_ORDER_NOTIFY: a card trade in fen and ppm', () => {
    const { orderNo, events } = mapNotice('PAY_ORDER_NOTIFY', ldNotice('pay-order'), 'r1');
    expect(orderNo).toBe('LD2025121000000001');
    expect(events).toEqual([
      {
        type: 'trade',
        orderNo: 'LD2025121000000001',
        kind: 'payment',
        sn: 'XN00000001',
        merchantNo: '827814162955632',
        amountFen: 10011,
        payType: PAY_TYPE.POS,
        totalType: TOTAL_TYPE.POS_CREDIT,
        cardType: CARD_TYPE.CREDIT,
        method: TRANSACTION_METHOD.CARD_SWIPE,
        status: 'success',
        feeFen: 62,
        ratePpm: 6100,
        cardNo: '6200***********8888',
        tradeTime: new Date('2025-12-10T02:20:30Z'),
      },
    ]);
  });

  it.each([
    [
      'Card',
      'POS_DC',
      'DC',
      TOTAL_TYPE.POS_DEBIT,
      CARD_TYPE.DEBIT,
      PAY_TYPE.POS,
      TRANSACTION_METHOD.CARD_SWIPE,
    ],
    [
      'Card',
      'POS_DISCOUNT_GF_CC',
      'CC',
      TOTAL_TYPE.VIP_CREDIT,
      CARD_TYPE.CREDIT,
      PAY_TYPE.POS,
      TRANSACTION_METHOD.CARD_SWIPE,
    ],
    [
      'QuickPass',
      'POS_CC',
      'CC',
      TOTAL_TYPE.POS_CREDIT,
      CARD_TYPE.CREDIT,
      PAY_TYPE.POS,
      TRANSACTION_METHOD.CLOUD_FLASH_PAY,
    ],
    [
      'MobilePay',
      'UNIONPAY_DOWN_DC',
      'DC',
      TOTAL_TYPE.CLOUD_FLASH_PAY,
      CARD_TYPE.DEBIT,
      PAY_TYPE.POS,
      TRANSACTION_METHOD.CLOUD_FLASH_PAY,
    ],
    [
      'UnionQr',
      'UNIONPAY_DOWN_CC',
      'CC',
      TOTAL_TYPE.CLOUD_FLASH_PAY,
      CARD_TYPE.CREDIT,
      PAY_TYPE.UNIONPAY_QR,
      TRANSACTION_METHOD.QR,
    ],
    [
      'UnionQr',
      'UNIONPAY_UP_DC',
      'DC',
      TOTAL_TYPE.POS_DEBIT,
      CARD_TYPE.DEBIT,
      PAY_TYPE.UNIONPAY_QR,
      TRANSACTION_METHOD.QR,
    ],
    [
      'Wechat',
      'WECHAT',
      undefined,
      TOTAL_TYPE.QR,
      CARD_TYPE.QR,
      PAY_TYPE.WECHAT,
      TRANSACTION_METHOD.QR,
    ],
    [
      'AliPay',
      'ALIPAY',
      undefined,
      TOTAL_TYPE.QR,
      CARD_TYPE.QR,
      PAY_TYPE.ALIPAY,
      TRANSACTION_METHOD.QR,
    ],
  ])('%s %s → total type %i', (product, code, card, totalType, cardType, payType, method) => {
    const notice = {
      ...ldNotice('pay-order'),
      productTypeCode: product,
      payTypeCode: code,
      cardType: card,
    };
    const [trade, ...rest] = mapNotice('PAY_ORDER_NOTIFY', notice, 'r').events;
    expect(rest).toEqual([]);
    expect(trade).toMatchObject({ type: 'trade', totalType, cardType, payType, method });
  });

  it('flags a pay type, product, card, status or rule the tables do not know, and guesses none', () => {
    const flagged = (patch: Record<string, unknown>) =>
      mapNotice('PAY_ORDER_NOTIFY', { ...ldNotice('pay-order'), ...patch }, 'r').events.filter(
        (e) => e.type === 'unknown',
      );
    expect(flagged({ payTypeCode: 'POS_VIP_CC' })).toEqual([
      { type: 'unknown', reason: 'unknown payTypeCode POS_VIP_CC', sn: 'XN00000001' },
    ]);
    expect(flagged({ productTypeCode: 'Digital' })[0]?.reason).toBe(
      'unknown productTypeCode Digital',
    );
    expect(flagged({ productTypeCode: 'Wechat' })[0]?.reason).toMatch(/is not one of Wechat/);
    expect(flagged({ cardType: 'DC' })[0]?.reason).toMatch(/contradicts/);
    expect(flagged({ cardType: 'XX' })[0]?.reason).toBe('unknown cardType XX');
    expect(flagged({ status: 'PROCESSING' })[0]?.reason).toBe('unknown order status PROCESSING');
    expect(flagged({ transType: 'REFUND' })[0]?.reason).toBe(
      'unknown transType REFUND: not recorded (the specification defines TRADE only)',
    );
    expect(flagged({ feeCalculationRules: 'Z' })[0]?.reason).toBe('unknown feeCalculationRules Z');
    expect(flagged({ isCapping: 'YES' })[0]?.reason).toMatch(/has no cap/);
    expect(
      flagged({ serviceFeeList: [{ serviceFee: 1.5, businessType: 'RAISE' }] })[0]?.reason,
    ).toMatch(/platform service fee 1.50 yuan of businessType RAISE/);
    // A pay type it does not know yields no trade at all.
    const events = mapNotice(
      'PAY_ORDER_NOTIFY',
      { ...ldNotice('pay-order'), payTypeCode: 'X' },
      'r',
    ).events;
    expect(events.some((e) => e.type === 'trade')).toBe(false);
  });

  it('flags an authentic notice whose mandatory field is missing or unreadable', () => {
    const { amount: _amount, ...withoutAmount } = ldNotice('pay-order');
    expect(mapNotice('PAY_ORDER_NOTIFY', withoutAmount, 'r')).toEqual({
      orderNo: 'LD2025121000000001',
      events: [
        { type: 'unknown', reason: 'PAY_ORDER_NOTIFY: amount is missing', sn: 'XN00000001' },
      ],
    });
    const events = mapNotice(
      'PAY_ORDER_NOTIFY',
      { ...ldNotice('pay-order'), fee: '0.625' },
      'r',
    ).events;
    expect(events).toEqual([
      {
        type: 'unknown',
        reason: 'PAY_ORDER_NOTIFY: fee has more than 2 decimal places: 0.625',
        sn: 'XN00000001',
      },
    ]);
    expect(() =>
      mapNotice('PAY_ORDER_NOTIFY', { ...ldNotice('pay-order'), orderNo: '' }, 'r'),
    ).toThrow(/without orderNo/);
  });

  it('a SIM fee stopped from a trade is the trade and a communication fee', () => {
    const notice = {
      ...ldNotice('pay-order'),
      stopOrderNo: 'STOP1',
      stopPayType: 'SIM',
      stopPayAmount: '36.00',
      stopRuleIndex: 1,
      stopPhaseIndex: 2,
    };
    const events = mapNotice('PAY_ORDER_NOTIFY', notice, 'r').events;
    expect(events.map((e) => e.type)).toEqual(['trade', 'fee']);
    expect(events[1]).toEqual({
      type: 'fee',
      orderNo: 'STOP1',
      sn: 'XN00000001',
      merchantNo: '827814162955632',
      feeKind: 'comm_fee',
      amountFen: 3600,
      at: new Date('2025-12-10T02:20:30Z'),
    });
    // Taken only when the trade less its fee covers it (100.11 - 0.62 < 99.50).
    const over = mapNotice('PAY_ORDER_NOTIFY', { ...notice, stopPayAmount: 99.5 }, 'r').events;
    expect(over.at(-1)).toMatchObject({
      type: 'unknown',
      reason: expect.stringMatching(/exceeds/),
    });
  });

  it('a service fee stopped from a trade is the service fee; the trade, which shares no fee, waits for an operator', () => {
    const notice = {
      ...ldNotice('pay-order'),
      amount: 299,
      fee: 0,
      settleAmount: 200,
      stopPayType: 'MACHINE',
      stopPayAmount: 99,
      stopRuleIndex: 1,
      stopPhaseIndex: 1,
    };
    const events = mapNotice('PAY_ORDER_NOTIFY', notice, 'r').events;
    expect(events.map((e) => e.type)).toEqual(['fee', 'unknown']);
    expect(events[0]).toMatchObject({
      orderNo: 'LD2025121000000001:MACHINE',
      feeKind: 'service_fee',
      amountFen: 9900,
    });
    expect(
      mapNotice('PAY_ORDER_NOTIFY', { ...notice, stopPayType: 'OTHER' }, 'r').events.at(-1),
    ).toMatchObject({
      reason: 'unknown stopPayType OTHER',
    });
  });

  it('a trade notice that is not a TRADE (a refund or reversal the specification does not define) records no trade and no fee', () => {
    for (const transType of ['REFUND', 'REVOKE', 'CANCEL']) {
      const notice = {
        ...ldNotice('pay-order'),
        transType,
        stopOrderNo: 'STOP2',
        stopPayType: 'SIM',
        stopPayAmount: '36.00',
      };
      expect(mapNotice('PAY_ORDER_NOTIFY', notice, 'r').events).toEqual([
        {
          type: 'unknown',
          reason: `unknown transType ${transType}: not recorded (the specification defines TRADE only)`,
          sn: 'XN00000001',
        },
      ]);
    }
  });

  it('MATERIALS_ACTIVATION_NOTIFY activates; another status is flagged', () => {
    expect(mapNotice('MATERIALS_ACTIVATION_NOTIFY', ldNotice('activation'), 'r')).toEqual({
      orderNo: 'activation:XN00000001:827814162955632:2025-12-10 11:00:00',
      events: [
        {
          type: 'activation',
          sn: 'XN00000001',
          merchantNo: '827814162955632',
          activatedAt: new Date('2025-12-10T03:00:00Z'),
        },
      ],
    });
    expect(
      mapNotice(
        'MATERIALS_ACTIVATION_NOTIFY',
        { ...ldNotice('activation'), activationStatus: 'PENDING' },
        'r',
      ).events[0],
    ).toMatchObject({ type: 'unknown' });
  });

  it('MATERIAL_BIND_STATUS_NOTIFY binds, unbinds, and moves a merchant to another terminal', () => {
    const at = new Date('2025-12-10T01:00:00Z');
    const base = { sn: 'XN00000001', merchantNo: '827814162955632', at };
    const of = (patch: Record<string, unknown>) =>
      mapNotice('MATERIAL_BIND_STATUS_NOTIFY', { ...ldNotice('bind'), ...patch }, 'r');
    expect(of({})).toEqual({
      orderNo: 'bind:XN00000001:BINDED:2025-12-10 09:00:00',
      events: [{ type: 'bind', action: 'bind', ...base }],
    });
    expect(of({ bindStatus: 'TRUE' }).events).toEqual([
      { type: 'bind', action: 'unbind', ...base },
    ]);
    expect(of({ bindStatus: 'FORCED_UNBIND' }).events).toEqual([
      { type: 'bind', action: 'unbind', ...base },
    ]);
    expect(of({ bindStatus: 'CHANGE_BIND', oldMaterialsNo: 'XN00000002' }).events).toEqual([
      { type: 'bind', action: 'unbind', ...base, sn: 'XN00000002' },
      { type: 'bind', action: 'bind', ...base },
    ]);
    expect(of({ bindStatus: 'CHANGE_BIND' }).events[0]).toMatchObject({
      type: 'unknown',
      reason: expect.stringMatching(/oldMaterialsNo is missing/),
    });
    expect(of({ bindStatus: 'LOCKED' }).events[0]).toMatchObject({
      reason: 'unknown bindStatus LOCKED',
    });
  });

  it('CUSTOMER_INFO_REGISTER_NOTIFY onboards the merchant with its rates, not its masked details', () => {
    expect(mapNotice('CUSTOMER_INFO_REGISTER_NOTIFY', ldNotice('register'), 'r')).toEqual({
      orderNo: 'register:827814162955632',
      events: [
        {
          type: 'merchant',
          merchantNo: '827814162955632',
          status: 'approved',
          name: '示例便利店',
          address: '上海市浦东新区示例路1号',
          rates: [
            { rateType: RATE_TYPE.POS_SWIPE, value: 6000 },
            { rateType: RATE_TYPE.CLOUD_FLASH_PAY, value: 3800 },
            { rateType: RATE_TYPE.QR, value: 3800 },
            { rateType: RATE_TYPE.DEBIT_CAP, value: 2500 },
          ],
        },
      ],
    });
  });

  it('CUSTOMER_LAST_RATE_NOTIFY: the latest effective rate of each type; disagreements and unknown codes flagged', () => {
    expect(mapNotice('CUSTOMER_LAST_RATE_NOTIFY', ldNotice('rate'), 'r')).toEqual({
      orderNo: 'rate:827814162955632:V1,V2',
      events: [
        {
          type: 'merchant_rate',
          merchantNo: '827814162955632',
          rates: [
            { rateType: RATE_TYPE.POS_SWIPE, value: 5500 },
            { rateType: RATE_TYPE.VIP_SWIPE, value: 3850 },
            { rateType: RATE_TYPE.DEBIT_CAP, value: 2000 },
          ],
        },
      ],
    });
    const rates = ldNotice('rate').rateNotifyList as Record<string, unknown>[];
    const disagree = mapNotice(
      'CUSTOMER_LAST_RATE_NOTIFY',
      {
        customerNo: 'M',
        rateNotifyList: [
          ...rates,
          { ...rates[2], rateValue: '0.50' },
          { ...rates[0], payTypeViewCode: 'QUICK' },
        ],
      },
      'r',
    ).events;
    expect(
      disagree.filter((e) => e.type === 'unknown').map((e) => e.type === 'unknown' && e.reason),
    ).toEqual(['rate type 1: POS_CC and POS_DC disagree', 'unknown payTypeViewCode QUICK']);
  });

  it('PAYMENT_ORDER_NOTIFY(_V2) is kept; a failed payout is shown to the operators', () => {
    expect(mapNotice('PAYMENT_ORDER_NOTIFY_V2', ldNotice('payment-v2'), 'r')).toEqual({
      orderNo: 'payment:W2025121000000001:SUCCESS',
      events: [],
    });
    expect(
      mapNotice(
        'PAYMENT_ORDER_NOTIFY',
        { ...ldNotice('payment-v2'), status: 'FAIL', failReason: '账户冻结' },
        'r',
      ).events,
    ).toEqual([
      { type: 'unknown', reason: 'PAYMENT_ORDER_NOTIFY W2025121000000001: payout fail: 账户冻结' },
    ]);
  });

  it('a notice it does not know is flagged under its response id', () => {
    expect(mapNotice('CUSTOMER_FREEZE_NOTIFY', { customerNo: 'M' }, 'R9')).toEqual({
      orderNo: 'CUSTOMER_FREEZE_NOTIFY:R9',
      events: [{ type: 'unknown', reason: 'unknown serviceType CUSTOMER_FREEZE_NOTIFY' }],
    });
  });
});

describe('the simulator speaks 联动', () => {
  const at = new Date('2025-12-10T02:20:30Z');
  const trade = {
    type: 'trade' as const,
    orderNo: 'SIM1',
    kind: 'payment' as const,
    sn: 'XN00000001',
    merchantNo: 'M1',
    amountFen: 12345,
    payType: PAY_TYPE.POS,
    totalType: TOTAL_TYPE.POS_DEBIT,
    cardType: CARD_TYPE.DEBIT,
    method: TRANSACTION_METHOD.CARD_SWIPE,
    status: 'success' as const,
    feeFen: 75,
    ratePpm: 6000,
    tradeTime: at,
  };

  it.each<[string, UnifiedEvent[]]>([
    ['a trade', [trade]],
    [
      'a WeChat trade',
      [
        {
          ...trade,
          payType: PAY_TYPE.WECHAT,
          totalType: TOTAL_TYPE.QR,
          cardType: CARD_TYPE.QR,
          method: TRANSACTION_METHOD.QR,
        },
      ],
    ],
    [
      'a trade and its SIM fee',
      [
        trade,
        {
          type: 'fee',
          orderNo: 'F1',
          sn: 'XN00000001',
          merchantNo: 'M1',
          feeKind: 'comm_fee',
          amountFen: 3600,
          at,
        },
      ],
    ],
    [
      'an activation',
      [{ type: 'activation', sn: 'XN00000001', merchantNo: 'M1', activatedAt: at }],
    ],
    ['a bind', [{ type: 'bind', action: 'bind', sn: 'XN00000001', merchantNo: 'M1', at }]],
    [
      'a move',
      [
        { type: 'bind', action: 'unbind', sn: 'XN2', merchantNo: 'M1', at },
        { type: 'bind', action: 'bind', sn: 'XN00000001', merchantNo: 'M1', at },
      ],
    ],
    [
      'a rate change',
      [
        {
          type: 'merchant_rate',
          merchantNo: 'M1',
          rates: [
            { rateType: RATE_TYPE.POS_SWIPE, value: 5500 },
            { rateType: RATE_TYPE.QR, value: 3800 },
            { rateType: RATE_TYPE.DEBIT_CAP, value: 2000 },
          ],
        },
      ],
    ],
  ])('%s maps back to the same events', (_name, events) => {
    const { serviceType, notice } = noticeOf(events);
    expect(
      mapNotice(serviceType, JSON.parse(JSON.stringify(notice)) as Record<string, unknown>, 'r')
        .events,
    ).toEqual(events);
  });

  it("the platform's traffic, which knows only the terminal, still makes a trade 联动 would send", () => {
    const { merchantNo: _m, ratePpm: _r, feeFen: _f, ...bare } = trade;
    const { serviceType, notice } = noticeOf([bare]);
    expect(notice).toMatchObject({ customerNo: 'SIMXN00000001', feeRate: '0.6', fee: '0.75' });
    expect(mapNotice(serviceType, notice, 'r').events).toEqual([
      { ...bare, merchantNo: 'SIMXN00000001', ratePpm: 6000, feeFen: 75 },
    ]);
  });

  it('refuses to invent what 联动 has no notice for', () => {
    expect(() => noticeOf([{ ...trade, kind: 'refund', origOrderNo: 'SIM0' }])).toThrow(
      /no refund notice/,
    );
    expect(() =>
      noticeOf([{ type: 'fee', orderNo: 'F', sn: 'X', feeKind: 'service_fee', amountFen: 1, at }]),
    ).toThrow(/no notice for a fee/);
    expect(() => noticeOf([{ ...trade, totalType: TOTAL_TYPE.QUICK_PAY }])).toThrow(/no pay type/);
  });
});
