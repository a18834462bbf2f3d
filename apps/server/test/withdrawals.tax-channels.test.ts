import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { DEMO_PAY_PASSWORD } from '../src/db/seed-withdrawals';
import { agentAccountId, agentBalances, platformAccountId } from '../src/db/ledger-accounts';
import { postEntry } from '../src/modules/ledger/post-entry';
import { adminCall, adminLogin } from './admin-helpers';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

/**
 * Tax channels (decision 034): a withdrawal pays the fee and taxes of its wallet's channel, shown
 * by the preview and frozen on the withdrawal at request; the console changes a channel only under
 * four eyes, and a change never reaches a withdrawal already requested.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;
const finance = await adminLogin(app, 'finance');
const admin = await adminLogin(app, 'super_admin');
const top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const [me] = await rows<{ id: unknown }>(
  db,
  sql`SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS.top.mobile}`,
);
const topId = Number(me!.id);
const [card] = await rows<{ id: unknown }>(
  db,
  sql`SELECT id FROM settle_accounts WHERE agent_id = ${topId} AND kind = 'own' AND deleted_at IS NULL`,
);
// Earnings to withdraw from (a test's own settlement posting, as the settlement job makes them).
{
  const expense = await platformAccountId(db, 'share_expense');
  const wallet = await agentAccountId(db, topId, 'profit');
  await postEntry(db, {
    idemKey: `test-fund:tax-channels:${topId}`,
    reason: 'trade_settlement',
    lines: [
      { accountId: expense, amountFen: -500_000, infoType: 'trade_profit' },
      { accountId: wallet, amountFen: 500_000, infoType: 'trade_profit' },
    ],
  });
}

type Preview = {
  amountFen: number;
  feeFen: number;
  vatFen: number;
  pitFen: number;
  taxFen: number;
  netFen: number;
  taxChannelName: string;
  taxAt: string;
  vatPpm: number;
  pitPpm: number;
};
type Channel = { code: string; walletType: string; enabled: boolean; version: number } & Record<
  string,
  unknown
>;
type Change = { id: number; status: number; code: string; before: unknown };

const preview = async (amountFen: number, walletType = 'profit') =>
  (
    await agentCall<Preview>(
      app,
      top,
      'GET',
      `/api/ag/agent/withdraw/preview?walletType=${walletType}&amountFen=${amountFen}`,
    )
  ).data;

let keyN = 0;
const apply = (amountFen: number, extra: object = {}) =>
  agentCall<Preview & { id: number; status: number }>(
    app,
    top,
    'POST',
    '/api/ag/agent/withdraw/apply',
    {
      walletType: 'profit',
      amountFen,
      accountId: Number(card!.id),
      payPassword: DEMO_PAY_PASSWORD,
      idempotencyKey: `tax-channel-${Date.now()}-${++keyN}`,
      ...extra,
    },
  );

const info = async (id: number) =>
  (
    await agentCall<Preview & { status: number }>(
      app,
      top,
      'GET',
      `/api/ag/agent/withdraw/info?id=${id}`,
    )
  ).data;

const channels = async () =>
  (await adminCall<{ items: Channel[]; changes: Change[] }>(app, finance, 'GET', '/tax-channels'))
    .body.data;

const clearingFen = async () => {
  const id = await platformAccountId(db, 'withdrawal_clearing');
  const [r] = await rows<{ b: unknown }>(
    db,
    sql`SELECT coalesce(sum(amount_fen), 0) AS b FROM ledger_lines WHERE account_id = ${id}`,
  );
  return Number(r!.b);
};

const PROPOSAL = {
  code: 'flex-profit',
  name: '灵活用工（分润）',
  walletType: 'profit',
  vatPpm: 30_000,
  pitPpm: 15_000,
  feeFen: 200,
  taxAt: 'request',
  enabled: true,
};

async function proposeAndApprove(p: object) {
  const proposed = await adminCall<{ id: number }>(
    app,
    finance,
    'POST',
    '/tax-channels/propose',
    p,
  );
  expect(proposed.body.code).toBe(200);
  const decided = await adminCall(app, admin, 'POST', '/tax-channels/changes/decide', {
    id: proposed.body.data.id,
    approve: true,
  });
  expect(decided.body.code).toBe(200);
  return proposed.body.data.id;
}

describe('the default channels', () => {
  it("reproduce today's 3 yuan + 6%, and the preview is what the request freezes", async () => {
    const p = await preview(12_345);
    expect(p).toMatchObject({
      feeFen: 300,
      vatFen: 740,
      pitFen: 0,
      taxFen: 740,
      netFen: 12_345 - 300 - 740,
      taxAt: 'payout',
      vatPpm: 60_000,
      pitPpm: 0,
    });
    const list = await channels();
    expect(
      list.items
        .filter((c) => c.enabled)
        .map((c) => c.walletType)
        .sort(),
    ).toEqual(['profit', 'reward']);
    const before = await agentBalances(db, topId);
    const res = await apply(12_345);
    expect(res.code).toBe(200);
    const w = await info(res.data.id);
    for (const k of ['feeFen', 'vatFen', 'pitFen', 'taxFen', 'netFen', 'taxChannelName'] as const)
      expect(w[k]).toEqual(p[k]);
    const after = await agentBalances(db, topId);
    // Taxed at payout: the whole amount is frozen until it is paid.
    expect(after.profit).toBe(before.profit! - 12_345);
    expect(after.frozen ?? 0).toBe((before.frozen ?? 0) + 12_345);
  });
});

describe('changing a channel', () => {
  it('bad input names the field and changes nothing', async () => {
    const before = await channels();
    for (const [patch, field] of [
      [{ vatPpm: 1.5 }, 'vatPpm'],
      [{ pitPpm: -1 }, 'pitPpm'],
      [{ feeFen: 'three' }, 'feeFen'],
      [{ walletType: 'frozen' }, 'walletType'],
      [{ taxAt: 'later' }, 'taxAt'],
      [{ enabled: false }, 'enabled'],
    ] as const) {
      const res = await adminCall(app, finance, 'POST', '/tax-channels/propose', {
        ...PROPOSAL,
        ...patch,
      });
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.field).toBe(field);
    }
    // The default channel cannot be switched off: the wallet would have none.
    const off = await adminCall(app, finance, 'POST', '/tax-channels/propose', {
      ...PROPOSAL,
      code: 'default-profit',
      enabled: false,
    });
    expect(off.body.field).toBe('enabled');
    expect(await channels()).toEqual(before);
  });

  it('waits for a second, independent operator; the proposer cannot approve it', async () => {
    const proposed = await adminCall<{ id: number }>(
      app,
      finance,
      'POST',
      '/tax-channels/propose',
      PROPOSAL,
    );
    expect(proposed.body.code).toBe(200);
    expect((await preview(10_000)).taxChannelName).toBe('默认税务通道（分润钱包）');
    const self = await adminCall(app, finance, 'POST', '/tax-channels/changes/decide', {
      id: proposed.body.data.id,
      approve: true,
    });
    expect(self.body).toMatchObject({ code: 400, field: 'id' });
    const noReason = await adminCall(app, admin, 'POST', '/tax-channels/changes/decide', {
      id: proposed.body.data.id,
      approve: false,
    });
    expect(noReason.body.field).toBe('reason');
    const rejected = await adminCall(app, admin, 'POST', '/tax-channels/changes/decide', {
      id: proposed.body.data.id,
      approve: false,
      reason: '税率待确认',
    });
    expect(rejected.body.code).toBe(200);
    const list = await channels();
    expect(list.items.some((c) => c.code === 'flex-profit')).toBe(false);
    expect(list.changes.find((c) => c.id === proposed.body.data.id)?.status).toBe(2);
  });

  it('once approved, new requests pay the new parts and taxes leave at request', async () => {
    await proposeAndApprove(PROPOSAL);
    const list = await channels();
    const enabled = list.items.filter((c) => c.walletType === 'profit' && c.enabled);
    expect(enabled.map((c) => c.code)).toEqual(['flex-profit']);
    const p = await preview(20_000);
    expect(p).toMatchObject({
      feeFen: 200,
      vatFen: 600,
      pitFen: 300,
      taxFen: 900,
      netFen: 18_900,
      taxAt: 'request',
      taxChannelName: '灵活用工（分润）',
    });
    // The reward wallet keeps its own default channel.
    expect((await preview(20_000, 'reward')).feeFen).toBe(300);

    const clearing0 = await clearingFen();
    const before = await agentBalances(db, topId);
    const res = await apply(20_000);
    expect(res.code).toBe(200);
    const after = await agentBalances(db, topId);
    expect(after.profit).toBe(before.profit! - 20_000);
    // Taxed at request: VAT and PIT are taken now, the rest is frozen.
    expect(after.frozen).toBe(before.frozen! + 19_100);
    expect(await clearingFen()).toBe(clearing0 + 900);
    const w = await info(res.data.id);
    for (const k of ['feeFen', 'vatFen', 'pitFen', 'taxFen', 'netFen', 'taxAt'] as const)
      expect(w[k]).toEqual(p[k]);
  });

  it('refuses a request whose confirmed fee and taxes the channel no longer has', async () => {
    const seen = (await preview(10_000)) as Preview & { taxTermsKey: string };
    const old = seen.taxTermsKey.replace(/:\d+$/, ':0');
    const before = await agentBalances(db, topId);
    const refused = await apply(10_000, { taxTermsKey: old });
    expect(refused).toMatchObject({ code: 409, field: 'taxTermsKey' });
    expect(await agentBalances(db, topId)).toEqual(before);
    const ok = await apply(10_000, { taxTermsKey: seen.taxTermsKey });
    expect(ok.code).toBe(200);
    expect(ok.data.netFen).toBe(seen.netFen);
  });

  it('a change after a request does not change that request, nor what its payout moves', async () => {
    const p = await preview(30_000);
    const res = await apply(30_000);
    expect(res.code).toBe(200);
    const id = res.data.id;
    await proposeAndApprove({
      ...PROPOSAL,
      vatPpm: 90_000,
      pitPpm: 0,
      feeFen: 500,
      taxAt: 'payout',
    });
    const list = await channels();
    expect(list.items.find((c) => c.code === 'flex-profit')?.version).toBe(2);
    expect((await preview(30_000)).feeFen).toBe(500);
    expect(await info(id)).toMatchObject({
      feeFen: p.feeFen,
      vatFen: p.vatFen,
      pitFen: p.pitFen,
      netFen: p.netFen,
      taxAt: 'request',
    });

    const clearing0 = await clearingFen();
    const frozen0 = (await agentBalances(db, topId)).frozen!;
    expect(
      (await adminCall(app, finance, 'POST', '/withdrawals/approve', { ids: [id] })).body.data,
    ).toMatchObject({ done: [id] });
    expect(
      (await adminCall(app, finance, 'POST', '/withdrawals/pay', { ids: [id] })).body.data,
    ).toMatchObject({ done: [id] });
    const paid = await info(id);
    expect(paid.status).toBe(2);
    expect(paid.netFen).toBe(p.netFen);
    // The taxes left at request: the payout moves only the net and the fee.
    expect((await agentBalances(db, topId)).frozen).toBe(frozen0 - (p.netFen + p.feeFen));
    expect(await clearingFen()).toBe(clearing0 + p.netFen + p.feeFen);
  });

  it('a rejected request taxed at request gets its taxes back with the rest', async () => {
    await proposeAndApprove({ ...PROPOSAL, taxAt: 'request' });
    const before = await agentBalances(db, topId);
    const clearing0 = await clearingFen();
    const res = await apply(15_000);
    expect(res.data.taxAt).toBe('request');
    expect(await clearingFen()).toBe(clearing0 + res.data.taxFen);
    const rejected = await adminCall(app, finance, 'POST', '/withdrawals/reject', {
      ids: [res.data.id],
      reason: '信息有误',
    });
    expect(rejected.body.data).toMatchObject({ done: [res.data.id] });
    const after = await agentBalances(db, topId);
    expect(after.profit).toBe(before.profit);
    expect(after.frozen).toBe(before.frozen);
    expect(await clearingFen()).toBe(clearing0);
  });

  it('is audited and kept as versions: each approved change holds the terms it replaced', async () => {
    const list = await channels();
    const applied = list.changes.filter((c) => c.code === 'flex-profit' && c.status === 1);
    expect(applied.length).toBe(3);
    expect(applied.at(-1)!.before).toBeNull();
    expect(applied[0]!.before).toMatchObject({ vatPpm: 90_000, taxAt: 'payout' });
    const [n] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM audit_logs WHERE action = 'tax_channel.update'`,
    );
    expect(Number(n!.n)).toBe(3);
  });
});
