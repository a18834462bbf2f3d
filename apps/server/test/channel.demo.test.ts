import { createSign } from 'node:crypto';
import { TXN_KIND } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { DEMO_CHANNEL_KEYS } from '../src/modules/channels/demo-keys';
import { channelsOfTerminals, simulatePush } from '../src/modules/channels/simulator';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { hmacSign } from '../src/lib/signature';
import { postPush } from './channel-helpers';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * The demo's channels: 联迪 served by 恒信通 on the published demo key, the simulator speaking
 * each channel's protocol, and the simulated channel (the platform's own format) serving the
 * brands no channel is configured for.
 */
const ctx = await createTestContext();
const { app, demo } = ctx;
const db = app.db;
const count = async (table: string) => {
  const [r] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`);
  return Number(r!.n);
};

describe('the demo channels', () => {
  it('an outside 恒信通 pos_order for a bound LD terminal shows in its merchant, once', async () => {
    const [t] = await rows<{ sn: string; merchant_id: unknown; merchant_no: string }>(
      db,
      sql`SELECT t.sn, t.merchant_id, m.merchant_no FROM terminals t JOIN merchants m ON m.id = t.merchant_id
           WHERE t.sn LIKE 'LD%' AND t.bind_status = 1 AND m.agent_id = ${demo.top.id} ORDER BY t.id LIMIT 1`,
    );
    const s = new Date(Date.now() + 8 * 3_600_000).toISOString();
    const fields: Record<string, string> = {
      action: 'pos_order',
      brandCode: 'LD',
      tusn: t!.sn,
      transTime: `${s.slice(0, 10)} ${s.slice(11, 19)}`,
      orderNo: `OUTSIDE${Date.now()}`,
      transCardType: '01',
      amount: '88800',
      merchantNo: t!.merchant_no,
    };
    const text = Object.keys(fields)
      .sort()
      .map((k) => `${k}=${fields[k]}`)
      .join('&');
    const sign = createSign('RSA-SHA256')
      .update(text)
      .sign(DEMO_CHANNEL_KEYS.HENGXINTONG_ACQUIRER_PRIVATE, 'base64');
    const body = JSON.stringify({ ...fields, sign });
    const res = await postPush(app, 'hengxintong', body);
    expect(res.body).toBe('{"code":0}');
    const token = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    const recent = async () => {
      const info = await agentCall<{ recentTrades: { sn: string; amountFen: number }[] }>(
        app,
        token,
        'GET',
        `/api/merchant/info?id=${Number(t!.merchant_id)}`,
      );
      return info.data.recentTrades.filter((r) => r.sn === t!.sn && r.amountFen === 88800);
    };
    expect(await recent()).toHaveLength(1);
    expect((await postPush(app, 'hengxintong', body)).body).toBe('{"code":0}');
    expect(await recent()).toHaveLength(1);
  });

  it('the simulator signs an LD payment as 恒信通 and it is accepted', async () => {
    const [t] = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE sn LIKE 'LD%' AND bind_status = 1 ORDER BY id LIMIT 1`,
    );
    const channel = (await channelsOfTerminals(db, [t!.sn])).get(t!.sn)!;
    expect(channel.code).toBe('hengxintong');
    const push = simulatePush(
      channel,
      {
        txnId: `SIMHX${Date.now()}`,
        sn: t!.sn,
        amountFen: 12_300,
        payType: 1,
        totalType: 1,
        cardType: 1,
        method: 1,
        status: 1,
        tradeTime: new Date().toISOString(),
      },
      ctx.config.notifySecret,
    )!;
    expect(push.protocol).toBe('hengxintong');
    const res = await postPush(app, push.code, push.body, push.headers);
    expect(res.body).toBe('{"code":0}');
  });

  it('a refund before its original settles to the same ledger as in order (simulated channel)', async () => {
    const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
      id: a.id,
      path: a.path,
      topId: a.topId,
      parentId: a.parentId,
    }));
    const send = (n: Record<string, unknown>) => {
      const body = JSON.stringify(n);
      return postPush(app, 'simulated', body, {
        'content-type': 'application/json',
        'x-signature': hmacSign(body, ctx.config.notifySecret),
      });
    };
    const worlds: string[][] = [];
    for (const [w, refundFirst] of [
      ['A', false],
      ['B', true],
    ] as const) {
      const fx = await createSettlementFixture(db, chain, { tag: `SIMO${w}`, terminals: 1 });
      const t0 = Date.now() - 3_600_000;
      const pay = {
        txnId: `SIMO${w}-P`,
        kind: TXN_KIND.PAYMENT,
        sn: fx.sns[0],
        amountFen: 1_000_000,
        payType: 1,
        totalType: 1,
        cardType: 1,
        method: 1,
        status: 1,
        tradeTime: new Date(t0).toISOString(),
      };
      const refund = {
        ...pay,
        txnId: `SIMO${w}-R`,
        kind: TXN_KIND.REFUND,
        origTxnId: pay.txnId,
        amountFen: 400_000,
        tradeTime: new Date(t0 + 60_000).toISOString(),
      };
      for (const n of refundFirst ? [refund, pay] : [pay, refund]) {
        const res = await send(n);
        expect(res.statusCode).toBe(200);
      }
      for (let i = 0; i < 20; i++) {
        await db.execute(sql`UPDATE settlement_queue SET not_before = now() - interval '1 second'`);
        await runSettlement(db);
        if ((await count('settlement_queue')) === 0) break;
      }
      const got = await rows<{ agent_id: unknown; info_type: string; amount: unknown }>(
        db,
        sql`SELECT a.agent_id, l.info_type, sum(l.amount_fen) AS amount
              FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
              JOIN transactions t ON t.id = l.txn_id
             WHERE t.terminal_id = ANY(${sql.param(fx.terminalIds)}::bigint[]) AND a.agent_id IS NOT NULL
             GROUP BY 1, 2 HAVING sum(l.amount_fen) <> 0 ORDER BY 1, 2`,
      );
      worlds.push(got.map((g) => `${Number(g.agent_id)} ${g.info_type} ${Number(g.amount)}`));
    }
    expect(worlds[0]!.length).toBeGreaterThan(0);
    expect(worlds[1]).toEqual(worlds[0]);
  });

  it("refuses an LD terminal's push on the simulated channel (its brand's channel is 恒信通)", async () => {
    const body = JSON.stringify({
      txnId: `SIMLD${Date.now()}`,
      sn: 'LD00000001',
      amountFen: 100,
      payType: 1,
      totalType: 1,
      cardType: 1,
      method: 1,
      status: 1,
      tradeTime: new Date().toISOString(),
    });
    const res = await postPush(app, 'simulated', body, {
      'content-type': 'application/json',
      'x-signature': hmacSign(body, ctx.config.notifySecret),
    });
    expect(res.statusCode).toBe(403);
  });
});
