import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { hmacSign } from '../src/lib/signature';
import { postPush } from './channel-helpers';
import { createTestContext } from './helpers';

/**
 * `/api/notify/transaction` is the simulated channel's endpoint in effect (issue 29): after its
 * signature, the channel's sequence — the raw push stored, the terminal's brand checked against
 * the channels, a replay changing nothing — answered in the format its callers always had.
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
// A brand of its own: no channel is configured for it, so the simulated channel serves it.
const fx = await createSettlementFixture(db, chain, { tag: 'NC', terminals: 1 });
const [ld] = await rows<{ sn: string }>(
  db,
  sql`SELECT sn FROM terminals WHERE sn LIKE 'LD%' AND bind_status = 1 ORDER BY id LIMIT 1`,
);

let seq = 0;
const notification = (sn: string) =>
  JSON.stringify({
    txnId: `NC${Date.now()}-${++seq}`,
    sn,
    amountFen: 250_000,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date().toISOString(),
  });
const send = (payload: string) =>
  app.inject({
    method: 'POST',
    url: '/prod-api/api/notify/transaction',
    headers: {
      'content-type': 'application/json',
      'x-signature': hmacSign(payload, ctx.config.notifySecret),
    },
    payload,
  });
const txnIdOf = (payload: string) => (JSON.parse(payload) as { txnId: string }).txnId;
const figures = async () => {
  const [r] = await rows<{ txns: unknown; deposits: unknown; money: unknown }>(
    db,
    sql`SELECT (SELECT count(*) FROM transactions) AS txns,
               (SELECT count(*) FROM settlement_queue) AS deposits,
               (SELECT coalesce(sum(amount_fen), 0) FROM transactions) AS money`,
  );
  return { txns: Number(r!.txns), deposits: Number(r!.deposits), money: Number(r!.money) };
};
const pushesOf = (orderNo: string) =>
  rows<{ channel_code: string; outcome: string; reason: string | null; body: Buffer }>(
    db,
    sql`SELECT channel_code, outcome, reason, body FROM channel_pushes
         WHERE order_no = ${orderNo} ORDER BY id`,
  );

describe('POST /prod-api/api/notify/transaction through the simulated channel', () => {
  it('refuses a terminal whose brand another channel serves (联迪 → 恒信通), changes nothing, logs it', async () => {
    expect(ld).toBeDefined();
    const payload = notification(ld!.sn);
    const before = await figures();

    const res = await send(payload);

    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 403, msg: '该终端由其他通道受理' });
    expect(await figures()).toEqual(before);
    const [t] = await rows(
      db,
      sql`SELECT 1 FROM transactions WHERE acquirer_txn_id = ${txnIdOf(payload)}`,
    );
    expect(t).toBeUndefined();
    const pushes = await pushesOf(txnIdOf(payload));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ channel_code: 'simulated', outcome: 'refused' });
    expect(pushes[0]!.reason).toContain(`terminal ${ld!.sn} is not served by this channel`);
  });

  it('accepts a terminal of a brand with no channel and keeps the exact push as the simulated channel’s', async () => {
    const payload = notification(fx.sns[0]!);
    const before = await figures();

    const res = await send(payload);

    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({
      code: 200,
      msg: '接收成功',
      data: { duplicate: false, flag: null },
    });
    expect(typeof json.data.id).toBe('number');
    const after = await figures();
    expect(after.txns).toBe(before.txns + 1);
    expect(after.money).toBe(before.money + 250_000);
    const pushes = await pushesOf(txnIdOf(payload));
    expect(pushes).toHaveLength(1);
    expect(pushes[0]).toMatchObject({ channel_code: 'simulated', outcome: 'accepted' });
    expect(Buffer.from(pushes[0]!.body).toString('utf8')).toBe(payload);
  });

  it('answers a replay as before and changes nothing, on this route or the channel’s own', async () => {
    const payload = notification(fx.sns[0]!);
    const first = await send(payload);
    expect(first.statusCode).toBe(200);
    const before = await figures();

    const again = await send(payload);
    const viaChannel = await postPush(app, 'simulated', payload, {
      'content-type': 'application/json',
      'x-signature': hmacSign(payload, ctx.config.notifySecret),
    });

    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      code: 200,
      msg: '重复通知，已忽略',
      data: { id: first.json().data.id, duplicate: true },
    });
    expect(viaChannel.statusCode).toBe(200);
    expect(await figures()).toEqual(before);
    const pushes = await pushesOf(txnIdOf(payload));
    expect(pushes.map((p) => p.outcome)).toEqual(['accepted', 'duplicate', 'duplicate']);
  });
});
