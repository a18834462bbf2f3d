import { createSign, generateKeyPairSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { DEMO_CHANNEL_KEYS } from '../src/modules/channels/demo-keys';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { configureChannel, postPush } from './channel-helpers';
import { createTestContext } from './helpers';

/**
 * The 恒信通 channel end to end: pushes built from the specification's field tables (every
 * value a string, amounts in fen, rates in percent), signed SHA256withRSA by the demo acquirer
 * key over the sorted non-empty fields, posted to /api/notify/channel/hengxintong.
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
const fx = await createSettlementFixture(db, chain, { tag: 'HX1', terminals: 3 });
const owner = demo.grandchild;
// Unbound stock of the grandchild, of the same brand, for binds and onboarding.
for (const sn of ['HXFREE0001', 'HXFREE0002'])
  await db.execute(sql`
    INSERT INTO terminals (sn, brand_id, model, policy_id, holder_agent_id, holder_path, top_id)
    VALUES (${sn}, ${fx.brandId}, 'P1', ${fx.policyId}, ${owner.id}, ${owner.path}, ${owner.topId})`);

const channelId = await configureChannel(app, {
  code: 'hengxintong',
  name: '恒信通',
  protocol: 'hengxintong',
  acquirerPublicKey: DEMO_CHANNEL_KEYS.HENGXINTONG_ACQUIRER_PUBLIC,
  brandIds: [fx.brandId],
});
const [ld] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands WHERE name = '联迪'`);
// Another channel of the same protocol and keys, serving 联迪 only.
await configureChannel(app, {
  code: 'hengxintong2',
  name: '恒信通二',
  protocol: 'hengxintong',
  acquirerPublicKey: DEMO_CHANNEL_KEYS.HENGXINTONG_ACQUIRER_PUBLIC,
  brandIds: [Number(ld!.id)],
});

/** The spec's signing: non-empty fields but sign, `k=v` sorted by key, joined by `&`. */
function signed<F extends Record<string, string>>(
  fields: F,
  key: string = DEMO_CHANNEL_KEYS.HENGXINTONG_ACQUIRER_PRIVATE,
) {
  const text = Object.keys(fields)
    .filter((k) => k !== 'sign' && fields[k] !== '')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return { ...fields, sign: createSign('RSA-SHA256').update(text).sign(key, 'base64') };
}
const post = (fields: Record<string, unknown>, code = 'hengxintong') =>
  postPush(app, code, JSON.stringify(fields));

let seq = 0;
const orderNo = () => `HX${Date.now()}${++seq}`;
const shanghai = (d: Date) => {
  const s = new Date(d.getTime() + 8 * 3_600_000).toISOString();
  return `${s.slice(0, 10)} ${s.slice(11, 19)}`;
};
const posOrder = (over: Record<string, string> = {}) => ({
  action: 'pos_order',
  brandCode: 'HX',
  tusn: fx.sns[0]!,
  transTime: shanghai(new Date()),
  orderNo: orderNo(),
  transCardType: '01',
  cardNo: '6225880012345678',
  amount: '123456',
  transactionFee: '0.60',
  feeExt: '300',
  merchantNo: 'MHX1',
  agentId: 'A1',
  highRate: '0.05',
  ...over,
});

const txnOf = async (acq: string) => {
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT t.*, x.high_rate_ppm, x.d0_fee_fen FROM transactions t
          LEFT JOIN channel_trade_extras x ON x.txn_id = t.id
         WHERE t.acquirer_txn_id = ${acq}`,
  );
  return t;
};
const pushesOf = async (orderNo: string) =>
  rows<{ outcome: string; reason: string | null }>(
    db,
    sql`SELECT outcome, reason FROM channel_pushes WHERE order_no = ${orderNo} ORDER BY id`,
  );
const count = async (table: string) => {
  const [r] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`);
  return Number(r!.n);
};

describe('恒信通 pos_order', () => {
  it('stores a signed trade, answers {"code":0} and keeps the high-rate and D0 fields', async () => {
    const f = signed(posOrder());
    const res = await post(f);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('{"code":0}');
    const t = await txnOf(`hengxintong:${f.orderNo}`);
    expect(t).toMatchObject({
      sn: fx.sns[0],
      merchant_id: String(fx.merchantId),
      total_type: 1,
      card_type: 1,
      pay_type: 1,
      status: 1,
      merchant_rate_ppm: 6000,
      card_no_masked: '622588******5678',
      high_rate_ppm: 500,
      d0_fee_fen: '300',
      flag: null,
    });
    expect(Number(t!.amount_fen)).toBe(123456);
    expect(await pushesOf(f.orderNo)).toEqual([{ outcome: 'accepted', reason: null }]);
  });

  it.each([
    ['00', { total_type: 2, card_type: 2, pay_type: 1 }],
    ['061', { total_type: 4, card_type: 0, pay_type: 3 }],
    ['062', { total_type: 4, card_type: 0, pay_type: 2 }],
    ['063', { total_type: 3, card_type: 0, pay_type: 5 }],
    ['065', { total_type: 3, card_type: 0, pay_type: 1 }],
  ])('maps card type %s', async (code, expected) => {
    const f = signed(posOrder({ transCardType: code }));
    expect((await post(f)).body).toBe('{"code":0}');
    expect(await txnOf(`hengxintong:${f.orderNo}`)).toMatchObject(expected);
  });

  it('flags an unknown card type for the operators instead of guessing, and stores no trade', async () => {
    const f = signed(posOrder({ transCardType: '099' }));
    const res = await post(f);
    expect(res.body).toBe('{"code":0}');
    expect(await txnOf(`hengxintong:${f.orderNo}`)).toBeUndefined();
    expect(await pushesOf(f.orderNo)).toEqual([
      { outcome: 'flagged', reason: 'unknown transCardType 099' },
    ]);
  });

  it('a replay changes nothing', async () => {
    const f = signed(posOrder());
    await post(f);
    const before = await count('transactions');
    const again = await post(f);
    expect(again.body).toBe('{"code":0}');
    expect(await count('transactions')).toBe(before);
    expect((await pushesOf(f.orderNo)).map((p) => p.outcome)).toEqual(['accepted', 'duplicate']);
  });

  it('refuses a bad signature, a wrong key, a tampered field and a missing sign, changing nothing', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    const good = signed(posOrder());
    const cases = [
      { ...good, sign: good.sign.slice(0, -8) + 'AAAAAAA=' },
      signed(posOrder(), other),
      { ...good, amount: '99999999' },
      { ...good, sign: undefined },
      signed(posOrder(), DEMO_CHANNEL_KEYS.LIANDONG_ACQUIRER_PRIVATE),
    ];
    const before = await count('transactions');
    for (const f of cases) {
      const res = await post(f);
      expect(res.statusCode).toBe(403);
      expect(res.body).toBe('{"code":1}');
    }
    expect(await count('transactions')).toBe(before);
    const refused = await rows<{ reason: string }>(
      db,
      sql`SELECT reason FROM channel_pushes WHERE outcome = 'refused' AND channel_code = 'hengxintong'`,
    );
    expect(refused.map((r) => r.reason)).toEqual(
      expect.arrayContaining(['bad signature', 'missing sign']),
    );
  });

  it('refuses every push when the channel has no key configured (never skips verification)', async () => {
    await configureChannel(app, {
      code: 'hengxintong-nokey',
      name: '无密钥',
      protocol: 'hengxintong',
    });
    const before = await count('transactions');
    const res = await post(signed(posOrder()), 'hengxintong-nokey');
    expect(res.statusCode).toBe(403);
    expect(await count('transactions')).toBe(before);
  });

  it('refuses an unknown channel and logs it', async () => {
    const res = await post(signed(posOrder()), 'nosuchchannel');
    expect(res.statusCode).toBe(404);
    const [r] = await rows<{ outcome: string; reason: string }>(
      db,
      sql`SELECT outcome, reason FROM channel_pushes WHERE channel_code = 'nosuchchannel'`,
    );
    expect(r).toEqual({ outcome: 'refused', reason: 'unknown channel' });
  });

  it("refuses a push for another channel's terminal", async () => {
    const before = await count('transactions');
    // A fixture terminal through the channel of 联迪 ...
    const a = await post(signed(posOrder()), 'hengxintong2');
    // ... and a 联迪 terminal through the fixture brand's channel.
    const b = await post(signed(posOrder({ tusn: 'LD00000001' })));
    expect([a.statusCode, b.statusCode]).toEqual([403, 403]);
    expect(await count('transactions')).toBe(before);
  });

  it('refuses an address off the allow-list, accepts one on it (behind the trusted proxy)', async () => {
    await configureChannel(app, {
      code: 'hengxintong',
      name: '恒信通',
      protocol: 'hengxintong',
      ipAllow: ['10.1.0.0/16'],
    });
    try {
      const off = await postPush(
        app,
        'hengxintong',
        JSON.stringify(signed(posOrder())),
        undefined,
        '10.2.0.1',
      );
      expect(off.statusCode).toBe(403);
      const on = await postPush(
        app,
        'hengxintong',
        JSON.stringify(signed(posOrder())),
        undefined,
        '10.1.3.4',
      );
      expect(on.body).toBe('{"code":0}');
    } finally {
      await configureChannel(app, {
        code: 'hengxintong',
        name: '恒信通',
        protocol: 'hengxintong',
        ipAllow: [],
      });
    }
  });
});

describe('恒信通 sn_device_fee', () => {
  it('a service fee and a SIM fee become the fee collections the policies share', async () => {
    const at = shanghai(new Date());
    for (const [type, amount] of [
      ['1', '9900'],
      ['2', '3600'],
    ]) {
      const f = signed({
        action: 'sn_device_fee',
        brandCode: 'HX',
        tusn: fx.sns[1]!,
        merchantNo: 'MHX1',
        agentId: 'A1',
        chargingAmount: amount!,
        type: type!,
        orderNo: orderNo(),
        chargingTime: at,
      });
      expect((await post(f)).body).toBe('{"code":0}');
    }
    const fees = await rows<{ kind: string; amount_fen: unknown }>(
      db,
      sql`SELECT kind, amount_fen FROM fee_collections WHERE terminal_id = ${fx.terminalIds[1]} ORDER BY kind`,
    );
    expect(fees.map((f) => [f.kind, Number(f.amount_fen)])).toEqual([
      ['comm_fee', 3600],
      ['service_fee', 9900],
    ]);
  });

  it('flags an unknown fee type', async () => {
    const f = signed({
      action: 'sn_device_fee',
      tusn: fx.sns[1]!,
      chargingAmount: '100',
      type: '3',
      orderNo: orderNo(),
      chargingTime: shanghai(new Date()),
    });
    await post(f);
    expect(await pushesOf(f.orderNo)).toEqual([
      { outcome: 'flagged', reason: 'unknown sn_device_fee type 3' },
    ]);
  });
});

describe('恒信通 merc_income, sn_bind, merc_rate_update', () => {
  it('onboarding creates the merchant under the agent holding the terminal, with its rates', async () => {
    const f = signed({
      action: 'merc_income',
      brandCode: 'HX',
      tusn: 'HXFREE0001',
      merchantNo: 'MHXNEW1',
      approveStatus: '2',
      bindStatus: '0',
      posBusinessActive: '1',
      legalName: '李四',
      address: '上海市浦东新区',
      creditCardFeeRate: '0.60',
      debitCardFeeRate: '0.50',
      debitCardFeeMax: '2000',
      alipayFeeRate: '0.38',
      wxPayFeeRate: '0.38',
      cloudCreditFeeRate: '0.55',
    });
    expect((await post(f)).body).toBe('{"code":0}');
    const [m] = await rows<Record<string, unknown>>(
      db,
      sql`SELECT agent_id, legal_name, status, address FROM merchants WHERE merchant_no = 'MHXNEW1'`,
    );
    expect(m).toEqual({
      agent_id: String(owner.id),
      legal_name: '李四',
      status: 0,
      address: '上海市浦东新区',
    });
    const rates = await rows<{ rate_type: number; rate_ppm: number }>(
      db,
      sql`SELECT r.rate_type, r.rate_ppm FROM merchant_rates r JOIN merchants m ON m.id = r.merchant_id
           WHERE m.merchant_no = 'MHXNEW1' ORDER BY r.rate_type`,
    );
    expect(rates).toEqual([
      { rate_type: 1, rate_ppm: 6000 },
      { rate_type: 2, rate_ppm: 5500 },
      { rate_type: 3, rate_ppm: 3800 },
      { rate_type: 6, rate_ppm: 2000 },
    ]);
  });

  it('binds and unbinds the terminal; a replayed bind changes nothing', async () => {
    const bindPush = signed({
      action: 'sn_bind',
      brandCode: 'HX',
      tusn: 'HXFREE0001',
      agentId: 'A1',
      status: '1',
      merchantNo: 'MHXNEW1',
    });
    expect((await post(bindPush)).body).toBe('{"code":0}');
    const state = async () => {
      const [t] = await rows<{ bind_status: number; merchant_no: string | null }>(
        db,
        sql`SELECT t.bind_status, m.merchant_no FROM terminals t LEFT JOIN merchants m ON m.id = t.merchant_id
             WHERE t.sn = 'HXFREE0001'`,
      );
      return t;
    };
    expect(await state()).toEqual({ bind_status: 1, merchant_no: 'MHXNEW1' });
    const ops = await count('terminal_operations');
    expect((await post(bindPush)).body).toBe('{"code":0}');
    expect(await count('terminal_operations')).toBe(ops);
    const unbindPush = signed({ ...bindPush, sign: '', status: '2' });
    expect((await post(unbindPush)).body).toBe('{"code":0}');
    expect(await state()).toEqual({ bind_status: 0, merchant_no: null });
  });

  it('a rate notice updates the merchant rates', async () => {
    const f = signed({
      action: 'merc_rate_update',
      brandCode: 'HX',
      tusn: 'HXFREE0001',
      merchantNo: 'MHXNEW1',
      creditCardFeeRate: '0.63',
      creditCardExtraRate: '0',
      debitCardFeeRate: '0.50',
      alipayFeeRate: '0.38',
      unionpayPayFeeRate: '0.60',
      wxPayFeeRate: '0.38',
      agentId: 'A1',
    });
    expect((await post(f)).body).toBe('{"code":0}');
    const rates = await rows<{ rate_type: number; rate_ppm: number }>(
      db,
      sql`SELECT r.rate_type, r.rate_ppm FROM merchant_rates r JOIN merchants m ON m.id = r.merchant_id
           WHERE m.merchant_no = 'MHXNEW1' AND r.rate_type IN (1, 2) ORDER BY r.rate_type`,
    );
    expect(rates).toEqual([
      { rate_type: 1, rate_ppm: 6300 },
      { rate_type: 2, rate_ppm: 6000 },
    ]);
  });

  it('flags a rate notice for a merchant the platform does not know', async () => {
    const f = signed({
      action: 'merc_rate_update',
      merchantNo: 'MNOBODY',
      creditCardFeeRate: '0.6',
    });
    const res = await post(f);
    expect(res.body).toBe('{"code":0}');
    const [p] = await rows<{ outcome: string; reason: string }>(
      db,
      sql`SELECT outcome, reason FROM channel_pushes WHERE channel_id = ${channelId} ORDER BY id DESC LIMIT 1`,
    );
    expect(p).toEqual({ outcome: 'flagged', reason: 'rate notice: unknown merchant MNOBODY' });
  });

  it('flags an unknown action', async () => {
    const res = await post(signed({ action: 'sn_recycle', tusn: fx.sns[0]! }));
    expect(res.body).toBe('{"code":0}');
    const [p] = await rows<{ outcome: string; reason: string }>(
      db,
      sql`SELECT outcome, reason FROM channel_pushes WHERE channel_id = ${channelId} ORDER BY id DESC LIMIT 1`,
    );
    expect(p).toEqual({ outcome: 'flagged', reason: 'unknown action sn_recycle' });
  });
});

describe('order independence', () => {
  /** Earnings per agent and kind of a fixture's terminals, after settling everything. */
  async function ledgerOf(terminalIds: number[]) {
    for (let i = 0; i < 20; i++) {
      await db.execute(sql`UPDATE settlement_queue SET not_before = now() - interval '1 second'`);
      await runSettlement(db);
      if ((await count('settlement_queue')) === 0) break;
    }
    const got = await rows<{ level: number; info_type: string; amount: unknown }>(
      db,
      sql`SELECT a.agent_id AS level, l.info_type, sum(l.amount_fen) AS amount
            FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
            JOIN transactions t ON t.id = l.txn_id
           WHERE t.terminal_id = ANY(${sql.param(terminalIds)}::bigint[]) AND a.agent_id IS NOT NULL
           GROUP BY 1, 2 HAVING sum(l.amount_fen) <> 0 ORDER BY 1, 2`,
    );
    return got.map((g) => `${g.level} ${g.info_type} ${Number(g.amount)}`);
  }

  it('fee deductions in any order settle to the same ledger as in order', async () => {
    const worlds: string[][] = [];
    for (const [w, reversed] of [
      ['A', false],
      ['B', true],
    ] as const) {
      const f = await createSettlementFixture(db, chain, { tag: `HXO${w}`, terminals: 1 });
      await configureChannel(app, {
        code: 'hengxintong',
        name: '恒信通',
        protocol: 'hengxintong',
        brandIds: [fx.brandId, f.brandId],
      });
      const t0 = Date.now() - 3_600_000;
      const pushes = [
        { type: '1', amount: '9900', at: t0 },
        { type: '1', amount: '19900', at: t0 + 60_000 },
        { type: '2', amount: '3600', at: t0 + 120_000 },
        { type: '2', amount: '6000', at: t0 + 180_000 },
      ].map((p, i) =>
        signed({
          action: 'sn_device_fee',
          tusn: f.sns[0]!,
          chargingAmount: p.amount,
          type: p.type,
          orderNo: `ORD-${w}-${i}`,
          chargingTime: shanghai(new Date(p.at)),
        }),
      );
      for (const p of reversed ? [...pushes].reverse() : pushes)
        expect((await post(p)).body).toBe('{"code":0}');
      worlds.push(await ledgerOf(f.terminalIds));
    }
    expect(worlds[0]!.length).toBeGreaterThan(0);
    expect(worlds[1]).toEqual(worlds[0]);
  });
});
