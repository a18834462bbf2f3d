import { generateKeyPairSync, createSign } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { createSettlementFixture } from '../src/modules/settlement/fixtures';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotifications } from '../src/modules/transactions/ingest-notification';
import { hmacSign } from '../src/lib/signature';
import { createTestContext } from './helpers';

const ctx = await createTestContext();
const { app, demo } = ctx;
const db = ctx.database.db;
const chain = [demo.top, demo.child, demo.grandchild].map((a) => ({
  id: a.id,
  path: a.path,
  topId: a.topId,
  parentId: a.parentId,
}));
const fx = await createSettlementFixture(db, chain, { tag: 'N1', terminals: 2 });
const URL = '/prod-api/api/notify/transaction';

let seq = 0;
const nextId = () => `N${Date.now()}-${++seq}`;
const body = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    txnId: nextId(),
    sn: fx.sns[0],
    amountFen: 500_000,
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date().toISOString(),
    ...over,
  });
const send = (
  payload: string,
  signature = hmacSign(payload, ctx.config.notifySecret),
  extra: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: URL,
    headers: { 'content-type': 'application/json', 'x-signature': signature, ...extra },
    payload,
  });

const count = async (table: string) => {
  const [r] = await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM ${sql.raw(table)}`);
  return Number(r!.n);
};

describe('POST /prod-api/api/notify/transaction', () => {
  it('stores a signed payment and queues it for settlement', async () => {
    const payload = body();
    const res = await send(payload);
    expect(res.statusCode).toBe(200);
    const json = res.json();
    expect(json).toMatchObject({ code: 200, data: { duplicate: false, flag: null } });
    const [t] = await rows<Record<string, unknown>>(
      db,
      sql`SELECT t.sn, t.merchant_id, t.agent_id, t.agent_path, t.top_id, t.amount_fen, q.txn_id AS queued
            FROM transactions t LEFT JOIN settlement_queue q ON q.txn_id = t.id WHERE t.id = ${json.data.id}`,
    );
    expect(t).toMatchObject({ sn: fx.sns[0], agent_path: demo.grandchild.path });
    expect(Number(t!.merchant_id)).toBe(fx.merchantId);
    expect(Number(t!.top_id)).toBe(demo.top.id);
    expect(Number(t!.queued)).toBe(json.data.id);
  });

  it('refuses a bad signature, changes nothing and logs the attempt', async () => {
    const before = await count('transactions');
    const payload = body({ txnId: 'FORGED-1' });
    const forged = await send(payload, hmacSign(payload, 'not-the-secret'));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: 403, msg: '签名错误' });
    // Signed, then altered after signing: the signature covers the raw bytes.
    const signed = hmacSign(payload, ctx.config.notifySecret);
    const altered = await send(payload.replace('500000', '900000'), signed);
    expect(altered.statusCode).toBe(403);
    const missing = await app.inject({
      method: 'POST',
      url: URL,
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(missing.statusCode).toBe(403);
    expect(await count('transactions')).toBe(before);
    const logged = await rows<{ outcome: string; acquirer_txn_id: string | null; detail: string }>(
      db,
      sql`SELECT outcome, acquirer_txn_id, detail FROM notify_log ORDER BY id`,
    );
    expect(logged.length).toBe(3);
    expect(logged[0]).toMatchObject({ outcome: 'bad_signature', acquirer_txn_id: 'FORGED-1' });
    expect(logged[2]!.detail).toBe('missing signature');
  });

  it('treats a repeated notification as a no-op', async () => {
    const payload = body();
    const first = (await send(payload)).json();
    const transactions = await count('transactions');
    const queued = await count('settlement_queue');
    const second = (await send(payload)).json();
    expect(second).toMatchObject({ code: 200, data: { id: first.data.id, duplicate: true } });
    // Even a changed body under the same id changes nothing.
    const changed = await send(payload.replace('500000', '700000'));
    expect(changed.json().data).toMatchObject({ id: first.data.id, duplicate: true });
    expect(await count('transactions')).toBe(transactions);
    expect(await count('settlement_queue')).toBe(queued);
  });

  it('keeps and flags a transaction of an unknown or unbound terminal, and does not settle it', async () => {
    const unknown = (await send(body({ sn: 'NO-SUCH-SN' }))).json();
    expect(unknown.data).toMatchObject({ duplicate: false, flag: 'unknown_terminal' });
    const [t] = await rows<{ flag: string; queued: unknown }>(
      db,
      sql`SELECT t.flag, q.txn_id AS queued FROM transactions t LEFT JOIN settlement_queue q ON q.txn_id = t.id WHERE t.id = ${unknown.data.id}`,
    );
    expect(t).toMatchObject({ flag: 'unknown_terminal', queued: null });
    await db.execute(
      sql`INSERT INTO terminals (sn, brand_id, model, policy_id) VALUES ('UNBOUND-N1', ${fx.brandId}, 'P1', ${fx.policyId})`,
    );
    const unbound = (await send(body({ sn: 'UNBOUND-N1' }))).json();
    expect(unbound.data.flag).toBe('unbound_terminal');
    // The operators see them.
    const opToken = (
      await app.inject({
        method: 'POST',
        url: '/prod-api/login/app',
        payload: { username: '13800000000', password: 'admin123' },
      })
    ).json().token;
    const list = (
      await app.inject({
        method: 'GET',
        url: '/prod-api/api/ag/admin/notify/flagged',
        headers: { authorization: `Bearer ${opToken}` },
      })
    ).json();
    expect(list.data.rows.map((r: { flag: string }) => r.flag)).toEqual(
      expect.arrayContaining(['unknown_terminal', 'unbound_terminal']),
    );
  });

  it('stores failed payments without settling them', async () => {
    const failed = (await send(body({ status: 2 }))).json();
    const queued = await rows(
      db,
      sql`SELECT 1 FROM settlement_queue WHERE txn_id = ${failed.data.id}`,
    );
    expect(queued).toEqual([]);
  });

  it('names the field of a malformed notification', async () => {
    const res = await send(body({ payType: 9 }));
    expect(res.json()).toMatchObject({ code: 400, msg: '支付方式不正确', field: 'payType' });
    const refundWithoutOriginal = await send(body({ kind: 2 }));
    expect(refundWithoutOriginal.json()).toMatchObject({ code: 400, field: 'origTxnId' });
    const notJson = await send('{not json');
    expect(notJson.json().code).toBe(400);
  });

  it('settles a refund that arrives before its payment once the payment is settled', async () => {
    const paymentId = nextId();
    const refund = (await send(body({ kind: 2, origTxnId: paymentId, amountFen: 100_000 }))).json();
    expect(refund.data.flag).toBeNull();
    await runSettlement(db);
    const waiting = await rows<{ attempts: unknown }>(
      db,
      sql`SELECT attempts FROM settlement_queue WHERE txn_id = ${refund.data.id}`,
    );
    expect(Number(waiting[0]!.attempts)).toBe(1);
    const payment = (await send(body({ txnId: paymentId, amountFen: 1_000_000 }))).json();
    await runSettlement(db);
    // The refund is due again after its wait; make it due now rather than sleep.
    await db.execute(
      sql`UPDATE settlement_queue SET not_before = now() WHERE txn_id = ${refund.data.id}`,
    );
    await runSettlement(db);
    const settled = await rows<{ txn_id: unknown; orig_txn_id: unknown; shares_fen: unknown }>(
      db,
      sql`SELECT txn_id, orig_txn_id, shares_fen FROM settlements WHERE txn_id IN (${payment.data.id}, ${refund.data.id}) ORDER BY txn_id`,
    );
    expect(settled).toHaveLength(2);
    expect(Number(settled.find((s) => Number(s.txn_id) === refund.data.id)!.orig_txn_id)).toBe(
      payment.data.id,
    );
    const payShares = Number(settled.find((s) => Number(s.txn_id) === payment.data.id)!.shares_fen);
    const refShares = Number(settled.find((s) => Number(s.txn_id) === refund.data.id)!.shares_fen);
    // A tenth refunded: each share taken back pro rata, rounded down.
    expect(refShares).toBeLessThan(0);
    expect(-refShares).toBeLessThanOrEqual(Math.ceil(payShares / 10));
    expect(-refShares).toBeGreaterThanOrEqual(Math.floor(payShares / 10) - 3);
  });
});

describe('a refund of a payment that is never settled', () => {
  it('is flagged after a few looks instead of waiting for ever', async () => {
    const failedId = nextId();
    await send(body({ txnId: failedId, status: 2 }));
    const refund = (await send(body({ kind: 2, origTxnId: failedId, amountFen: 100 }))).json();
    for (let i = 0; i < 8; i++) {
      await db.execute(
        sql`UPDATE settlement_queue SET not_before = now() WHERE txn_id = ${refund.data.id}`,
      );
      await runSettlement(db);
    }
    const [t] = await rows<{ flag: string | null; queued: unknown }>(
      db,
      sql`SELECT t.flag, q.txn_id AS queued FROM transactions t LEFT JOIN settlement_queue q ON q.txn_id = t.id WHERE t.id = ${refund.data.id}`,
    );
    expect(t).toEqual({ flag: 'orig_not_settled', queued: null });
  });
});

describe('RSA signatures when a key is configured', async () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rsa = await createTestContext({
    notifyRsaPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  const sign = (payload: string) =>
    createSign('RSA-SHA256').update(payload).sign(privateKey).toString('base64');

  it('accepts an RSA-SHA256 signature and refuses HMAC', async () => {
    const payload = body({ sn: 'ANY-SN' });
    const ok = await rsa.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        'content-type': 'application/json',
        'x-sign-type': 'RSA-SHA256',
        'x-signature': sign(payload),
      },
      payload,
    });
    expect(ok.json()).toMatchObject({ code: 200, data: { flag: 'unknown_terminal' } });
    const hmac = await rsa.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        'content-type': 'application/json',
        'x-signature': hmacSign(payload, rsa.config.notifySecret),
      },
      payload,
    });
    expect(hmac.statusCode).toBe(403);
  });
});

describe('notifications arriving together', () => {
  it('are stored together and stay exact: one row per id, originals first, one deposit', async () => {
    const [txBefore, queueBefore] = [await count('transactions'), await count('settlement_queue')];
    const repeated = nextId();
    const payment = nextId();
    const payloads = [
      ...Array.from({ length: 30 }, () => body()),
      body({ txnId: repeated }),
      body({ txnId: repeated }),
      body({ txnId: repeated }),
      body({ txnId: payment, amountFen: 300_000 }),
      body({ kind: 2, origTxnId: payment, amountFen: 100_000 }),
      // Two deposits (service fee) for one terminal: the first stored counts, the other is flagged.
      body({ sn: fx.sns[1], totalType: 8, amountFen: 9_900 }),
      body({ sn: fx.sns[1], totalType: 8, amountFen: 9_900 }),
      body({ tradeTime: 'not a time' }),
    ];
    const answers = await Promise.all(payloads.map((p) => send(p).then((r) => r.json())));

    expect(answers.at(-1)).toMatchObject({ code: 400, field: 'tradeTime' });
    const good = answers.slice(0, -1);
    expect(good.every((a) => a.code === 200)).toBe(true);
    const ofRepeated = good.slice(30, 33);
    expect(ofRepeated.filter((a) => a.data.duplicate === false)).toHaveLength(1);
    expect(new Set(ofRepeated.map((a) => a.data.id)).size).toBe(1);
    // 30 payments, the repeated one, the payment, its refund and two deposits: 35 rows.
    expect((await count('transactions')) - txBefore).toBe(35);

    const refundId = good[34].data.id;
    const [refund] = await rows<{ orig_txn_id: unknown }>(
      db,
      sql`SELECT orig_txn_id FROM transactions WHERE id = ${refundId}`,
    );
    expect(Number(refund!.orig_txn_id)).toBe(good[33].data.id);
    const depositFlags = good.slice(35, 37).map((a) => a.data.flag);
    expect(depositFlags).toHaveLength(2);
    expect(depositFlags).toEqual(expect.arrayContaining([null, 'duplicate_fee']));
    // Everything successful and unflagged waits for settlement: all but the flagged deposit.
    expect((await count('settlement_queue')) - queueBefore).toBe(34);
  });

  it('answers a list stored by one statement in its order, naming the ones seen before', async () => {
    type Parsed = Parameters<typeof ingestNotifications>[1][number];
    const parsed = (over: Record<string, unknown> = {}) =>
      ({ kind: 1, ...(JSON.parse(body(over)) as object) }) as Parsed;
    const seenBefore = parsed();
    const [first] = await ingestNotifications(db, [seenBefore]);
    const a = parsed({ amountFen: 111 });
    const c = parsed({ sn: 'NO-SUCH-SN' });
    const answers = await ingestNotifications(db, [a, seenBefore, c]);
    expect(answers[0]).toMatchObject({ duplicate: false, flag: null });
    expect(answers[1]).toEqual({ id: first!.id, duplicate: true, flag: null });
    expect(answers[2]).toMatchObject({ duplicate: false, flag: 'unknown_terminal' });
    const [stored] = await rows<{ amount_fen: unknown }>(
      db,
      sql`SELECT amount_fen FROM transactions WHERE id = ${answers[0]!.id}`,
    );
    expect(Number(stored!.amount_fen)).toBe(111);
  });
});
