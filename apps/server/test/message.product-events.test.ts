import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { DEMO_PAY_PASSWORD } from '../src/db/seed-withdrawals';
import { JOBS } from '../src/jobs';
import { agentAccountId, platformAccountId } from '../src/db/ledger-accounts';
import { postEntry } from '../src/modules/ledger/post-entry';
import {
  notifyAgent,
  summariseDailyEarnings,
  summaryDayAt,
} from '../src/modules/message/send-product-events';
import { shanghaiDay } from '../src/lib/periods';
import { payOutWithdrawals } from '../src/modules/withdrawals/pay-out-withdrawals';
import { adminCall, adminLogin } from './admin-helpers';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { pngOf } from './upload-helpers';

// The product's own events as messages (decision 043): each reaches the one agent it concerns, in
// its language, with a link to the page concerned; no other agent, in its tree or another, ever
// sees it; the daily earnings summary adds up the day's ledger lines and is written once.

const { app, database } = await createTestContext({ adminTotp: false });
const db = database.db;
const names = ['top', 'child', 'grandchild', 'otherTop'] as const;
type Who = (typeof names)[number];
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
let finance: string;
let ops: string;

beforeAll(async () => {
  for (const who of names) {
    tokens[who] = await loginAs(app, DEMO_ACCOUNTS[who].mobile);
    const [a] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS[who].mobile}`,
    );
    ids[who] = Number(a!.id);
  }
  finance = await adminLogin(app, 'finance');
  ops = await adminLogin(app, 'operations');
});

interface Item {
  id: number;
  type: number;
  title: string;
  summary: string;
  read: boolean;
}
interface Detail extends Item {
  body: string;
  link: string | null;
}

const get = async <T>(who: Who, url: string, lang: 'zh' | 'en' = 'zh') => {
  const res = await app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/message/${url}`,
    headers: { ...bearer(tokens[who]), 'accept-language': lang === 'en' ? 'en' : 'zh-CN' },
  });
  return res.json() as { code: number; msg: string; data: T };
};
const listAll = async (who: Who, lang: 'zh' | 'en' = 'zh') => {
  const found: Item[] = [];
  let cursor: string | null = null;
  do {
    const q: string = cursor ? `&cursor=${cursor}` : '';
    const body = await get<{ rows: Item[]; nextCursor: string | null }>(
      who,
      `list?pageSize=50${q}`,
      lang,
    );
    expect(body.code, body.msg).toBe(200);
    found.push(...body.data.rows);
    cursor = body.data.nextCursor;
  } while (cursor);
  return found;
};
const unread = async (who: Who) => (await get<{ count: number }>(who, 'unread')).data.count;

/** The newest message titled so in the agent's list, opened (which marks it read). */
async function opened(who: Who, title: string, lang: 'zh' | 'en' = 'zh') {
  const hit = (await listAll(who, lang)).filter((m) => m.title === title);
  expect(
    hit.map((m) => m.title),
    `${who} has "${title}"`,
  ).toEqual([title]);
  const body = await get<Detail>(who, `detail?id=${hit[0]!.id}`, lang);
  expect(body.code, body.msg).toBe(200);
  expect(body.data.type).toBe(1);
  return body.data;
}

/** No agent but `owner` sees (lists or opens) the message. */
async function onlyFor(owner: Who, id: number) {
  for (const who of names) {
    if (who === owner) continue;
    expect((await listAll(who)).map((m) => m.id)).not.toContain(id);
    expect((await get(who, `detail?id=${id}`)).code).toBe(404);
  }
}

const PNG = pngOf(640, 400, Buffer.alloc(64, 1));
function multipart(parts: Record<string, string | Buffer>) {
  const boundary = `----events${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    const file = Buffer.isBuffer(value);
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${
          file ? `; filename="${name}.png"\r\nContent-Type: image/png` : ''
        }\r\n\r\n`,
      ),
      Buffer.isBuffer(value) ? value : Buffer.from(value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

async function withdraw(amountFen: number) {
  const accounts = await app.inject({
    method: 'GET',
    url: '/prod-api/api/ag/my/center/settlement/list',
    headers: bearer(tokens.top),
  });
  const own = (accounts.json().data as { own: { id: number } }).own;
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/agent/withdraw/apply',
    headers: bearer(tokens.top),
    payload: {
      walletType: 'profit',
      amountFen,
      accountId: own.id,
      payPassword: DEMO_PAY_PASSWORD,
      idempotencyKey: `events-${amountFen}-${Date.now()}`,
    },
  });
  expect(res.json().code, res.json().msg).toBe(200);
  return res.json().data as { id: number; netFen: number };
}

describe('withdrawals', () => {
  it('tells the agent its withdrawal was approved, then paid, with the amounts and a link', async () => {
    const w = await withdraw(1500);
    const before = await unread('top');
    const approved = await adminCall<{ done: number[] }>(
      app,
      finance,
      'POST',
      '/withdrawals/approve',
      { ids: [w.id] },
    );
    expect(approved.body.data.done).toEqual([w.id]);
    expect(await unread('top')).toBe(before + 1);
    const m = await opened('top', '提现审核通过 ¥15.00');
    expect(m.body).toContain(`预计到账 ${yuan(w.netFen)}`);
    expect(m.link).toBe(`/pages/earnings/earningsWithdrawalInfo?id=${w.id}`);
    expect(await unread('top')).toBe(before);
    const en = await opened('top', 'Withdrawal approved: ¥15.00', 'en');
    expect(en.id).toBe(m.id);
    expect(en.body).toContain(`${yuan(w.netFen)} will be paid`);
    await onlyFor('top', m.id);

    // Approved again: refused, and no second message.
    await adminCall(app, finance, 'POST', '/withdrawals/approve', { ids: [w.id] });
    const paid = await adminCall<{ done: number[] }>(app, finance, 'POST', '/withdrawals/pay', {
      ids: [w.id],
    });
    expect(paid.body.data.done).toEqual([w.id]);
    const p = await opened('top', `提现已打款 ${yuan(w.netFen)}`);
    expect(p.body).toContain('提现 ¥15.00 已打款');
    expect(p.link).toBe(m.link);
    expect((await listAll('top')).filter((x) => x.title === '提现审核通过 ¥15.00')).toHaveLength(1);
    await onlyFor('top', p.id);
  });

  it('tells the agent a rejection and a failed payout, with the reason and the money back', async () => {
    const r = await withdraw(1700);
    const rejected = await adminCall<{ done: number[] }>(
      app,
      finance,
      'POST',
      '/withdrawals/reject',
      { ids: [r.id], reason: '开户名与实名不符' },
    );
    expect(rejected.body.data.done).toEqual([r.id]);
    const m = await opened('top', '提现未通过审核 ¥17.00');
    expect(m.body).toBe(
      '您申请的提现 ¥17.00 未通过审核，原因：开户名与实名不符。冻结的金额已退回钱包。',
    );
    await onlyFor('top', m.id);

    const f = await withdraw(1800);
    await adminCall(app, finance, 'POST', '/withdrawals/approve', { ids: [f.id] });
    const failing = {
      pay: async () => ({ state: 'failed' as const, reason: '收款账户状态异常' }),
    };
    const done = await payOutWithdrawals({ db, bank: failing as never, cipher: app.cipher }, f.id);
    expect(done.failed).toBe(1);
    const failed = await opened('top', '提现打款失败 ¥18.00');
    expect(failed.body).toContain('原因：收款账户状态异常');
    expect(failed.link).toBe(`/pages/earnings/earningsWithdrawalInfo?id=${f.id}`);
  });
});

describe('terminals', () => {
  it('tells a sub-agent of terminals allocated to it, and of a recall to answer', async () => {
    const stock = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE holder_agent_id = ${ids.top} AND bind_status = 0
            AND pending_operation_id IS NULL AND deleted_at IS NULL ORDER BY sn DESC LIMIT 2`,
    );
    const sns = stock.map((s) => s.sn).sort();
    expect(sns).toHaveLength(2);
    const post = (payload: object) =>
      app.inject({
        method: 'POST',
        url: '/prod-api/api/term-info/operate',
        headers: bearer(tokens.top),
        payload,
      });
    const allocated = (await post({ type: 0, toAgentId: ids.child, sns })).json();
    expect(allocated.code, allocated.msg).toBe(200);
    const m = await opened('child', '收到终端 2 台');
    expect(m.body).toBe(`2 台终端已下发到您的库存（SN ${sns[0]} – ${sns[1]}），可在终端列表查看。`);
    expect(m.link).toBe('/pages/home/terminal/terminalList');
    expect((await opened('child', '2 terminals received', 'en')).body).toContain(
      'allocated to your stock',
    );
    await onlyFor('child', m.id);

    const recall = (await post({ type: 2, fromAgentId: ids.child, sns })).json();
    expect(recall.code, recall.msg).toBe(200);
    const r = await opened('child', '终端回拨待确认 2 台');
    // The time it passes by itself, in Beijing time.
    const at = new Date(new Date(recall.data.autoPassAt).getTime() + 8 * 3600_000);
    expect(r.body).toBe(
      `上级申请回拨您的 2 台终端（SN ${sns[0]} – ${sns[1]}），请在 ${at.toISOString().slice(0, 16).replace('T', ' ')}（北京时间）前同意或拒绝，逾期自动通过。`,
    );
    expect(r.link).toBe('/pages/home/terminal/termBackList');
    await onlyFor('child', r.id);
  });
});

describe('mall, policies and identification', () => {
  it('tells the buyer its order shipped, with the courier and a link to the order', async () => {
    const [product] = await rows<{ id: unknown; brand_id: unknown; model: string }>(
      db,
      sql`SELECT id, brand_id, model FROM mall_products WHERE on_sale ORDER BY id LIMIT 1`,
    );
    const [address] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM mall_addresses WHERE agent_id = ${ids.top} ORDER BY id LIMIT 1`,
    );
    const call = async (url: string, payload: object) =>
      (
        await app.inject({
          method: 'POST',
          url: `/prod-api${url}`,
          headers: bearer(tokens.top),
          payload,
        })
      ).json();
    const placed = await call('/api/mall/order/create', {
      items: [{ productId: Number(product!.id), quantity: 1 }],
      addressId: Number(address!.id),
      shippingWay: 4,
      payType: 0,
    });
    expect(placed.code, placed.msg).toBe(200);
    // The free claim pays for the order as it is placed.
    expect(placed.data.status).toBe(1);
    const [unit] = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE holder_agent_id IS NULL AND bind_status = 0
            AND deleted_at IS NULL AND pending_operation_id IS NULL
            AND brand_id = ${Number(product!.brand_id)} AND model = ${product!.model}
          ORDER BY sn LIMIT 1`,
    );
    const shipped = await adminCall(app, ops, 'POST', '/mall/orders/ship', {
      id: placed.data.id,
      sns: [unit!.sn],
      courier: '顺丰速运',
      waybillNo: 'SF1234567890',
    });
    expect(shipped.body.code, JSON.stringify(shipped.body)).toBe(200);
    const m = await opened('top', `订单已发货 ${placed.data.orderNo}`);
    expect(m.body).toBe(
      `您的商城订单 ${placed.data.orderNo} 已发货（顺丰速运 SF1234567890），1 台终端已进入您的库存。`,
    );
    expect(m.link).toBe(`/pages/mall/order-detail?id=${placed.data.id}`);
    await onlyFor('top', m.id);
  });

  it('tells a sub-agent of a policy opened for it or its terms changed', async () => {
    const info = (
      await app.inject({
        method: 'GET',
        url: '/prod-api/api/ag/agent/open/policy/info',
        headers: bearer(tokens.top),
      })
    ).json().data as { policyId: number; policyName: string }[];
    const policy = info[0]!;
    const draft = (
      await app.inject({
        method: 'GET',
        url: `/prod-api/api/ag/agent/open/policy/draft?childId=${ids.child}&policyId=${policy.policyId}`,
        headers: bearer(tokens.top),
      })
    ).json().data as { current: unknown; currentVersion: number | null; own: unknown };
    const res = (
      await app.inject({
        method: 'POST',
        url: '/prod-api/api/ag/agent/open/policy/open',
        headers: bearer(tokens.top),
        payload: {
          childId: ids.child,
          policyId: policy.policyId,
          terms: draft.current ?? draft.own,
        },
      })
    ).json();
    expect(res.code, res.msg).toBe(200);
    const title = draft.current
      ? `政策条款已调整：${policy.policyName}`
      : `政策已开通：${policy.policyName}`;
    const m = await opened('child', title);
    expect(m.link).toBe(`/pages/home/policy/policyInfo?id=${res.data.id}`);
    if (draft.current) expect(m.body).toContain(`第 ${res.data.version} 版`);
    await onlyFor('child', m.id);
  });

  it('tells an agent its identification was reviewed', async () => {
    const [who] = await rows<{ mobile: string }>(
      db,
      sql`SELECT mobile FROM agents WHERE real_name_verified = false AND role = 'agent'
            AND mobile = ANY(${sql.param(names.map((n) => DEMO_ACCOUNTS[n].mobile))}::text[])
          ORDER BY id LIMIT 1`,
    );
    expect(who, 'a demo agent not yet verified').toBeDefined();
    const owner = names.find((n) => DEMO_ACCOUNTS[n].mobile === who!.mobile)!;
    const mp = multipart({ realName: '赵六', idCard: '11010519491231002X', front: PNG, back: PNG });
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/agent/withdraw/detail/uploadCardImg',
      headers: { ...bearer(tokens[owner]), ...mp.headers },
      payload: mp.payload,
    });
    expect(res.json().code, res.json().msg).toBe(200);
    const m = await opened(owner, '实名认证已通过');
    expect(m.link).toBe('/pages/home/identification/index');
    expect((await opened(owner, 'Identification passed', 'en')).id).toBe(m.id);
    await onlyFor(owner, m.id);
  });

  it("keeps product events out of the console's list of published messages", async () => {
    const content = await adminLogin(app, 'content');
    const { body } = await adminCall<{ rows: { id: number }[] }>(
      app,
      content,
      'GET',
      '/messages?pageSize=50',
    );
    expect(body.code, body.msg).toBe(200);
    const events = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM messages WHERE agent_id IS NOT NULL`,
    );
    expect(events.length).toBeGreaterThan(0);
    const listed = new Set(body.data.rows.map((r) => r.id));
    expect(events.filter((e) => listed.has(Number(e.id)))).toEqual([]);
  });

  it('sends nothing when the change it belongs to is rolled back', async () => {
    const key = `test.rollback:${Date.now()}`;
    await expect(
      db.transaction(async (tx) => {
        const made = await notifyAgent(tx, {
          agentId: ids.grandchild,
          kind: 'withdrawal.approved',
          key,
          zh: { title: '回滚', body: '回滚' },
          en: { title: 'rolled back', body: 'rolled back' },
          link: '/pages/earnings/withdrawalList',
        });
        expect(made?.id).toBeGreaterThan(0);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    expect(await rows(db, sql`SELECT 1 FROM messages WHERE event_key = ${key}`)).toEqual([]);
    expect((await listAll('grandchild')).map((m) => m.title)).not.toContain('回滚');
  });
});

describe('the daily earnings summary', () => {
  /** Money a settlement credits, posted today as ledger lines. */
  async function earn(agentId: number, infoType: string, fen: number) {
    const expense = await platformAccountId(db, 'share_expense');
    const wallet = await agentAccountId(db, agentId, 'profit');
    await postEntry(db, {
      idemKey: `events-earn:${agentId}:${infoType}:${fen}:${Math.random()}`,
      reason: 'trade_settlement',
      lines: [
        { accountId: expense, amountFen: -fen, infoType },
        { accountId: wallet, amountFen: fen, infoType },
      ],
    });
  }

  it("sums each agent's earnings of the day from its ledger lines, once however often it runs", async () => {
    const now = new Date();
    const today = shanghaiDay(now);
    await earn(ids.grandchild, 'trade_profit', 1234);
    await earn(ids.grandchild, 'trade_profit', 66);
    await earn(ids.grandchild, 'activation_reward', 5000);
    await earn(ids.otherTop, 'trade_profit', 700);

    // What the day's ledger lines say each agent earned.
    const lines = await rows<{ agent_id: unknown; fen: unknown; n: unknown }>(
      db,
      sql`SELECT a.agent_id, sum(l.amount_fen) AS fen, count(*) AS n
            FROM ledger_lines l JOIN ledger_accounts a ON a.id = l.account_id
           WHERE a.agent_id IN (${ids.grandchild}, ${ids.otherTop})
             AND (l.created_at AT TIME ZONE 'Asia/Shanghai')::date = ${today}::date
             AND l.info_type IN ('trade_profit', 'debit_cap_profit', 'price_adjust_profit',
               'activation_reward', 'standard_reward', 'service_fee_profit',
               'communication_fee_profit', 'monthly_activation_base_subsidy', 'pusher_reward',
               'refund_reversal')
           GROUP BY a.agent_id`,
    );
    const ledger = new Map(lines.map((l) => [Number(l.agent_id), Number(l.fen)]));
    expect(ledger.get(ids.grandchild)).toBeGreaterThanOrEqual(6300);

    const first = await summariseDailyEarnings(db, today);
    expect(first.processed).toBeGreaterThanOrEqual(2);
    const again = await summariseDailyEarnings(db, today);
    expect(again.processed).toBe(0);

    const [, m, d] = today.split('-');
    const title = (fen: number) => `${Number(m)}月${Number(d)}日收益 ${yuan(fen)}`;
    const g = await opened('grandchild', title(ledger.get(ids.grandchild)!));
    expect(g.body).toContain('交易分润');
    expect(g.body).toContain('激活奖励 ¥50.00');
    expect(g.link).toBe('/pages/earnings/earningsDetails');
    const en = await opened(
      'grandchild',
      `Earnings of ${today}: ${yuan(ledger.get(ids.grandchild)!)}`,
      'en',
    );
    expect(en.id).toBe(g.id);
    await onlyFor('grandchild', g.id);
    const o = await opened('otherTop', title(ledger.get(ids.otherTop)!));
    await onlyFor('otherTop', o.id);
    const summaries = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM messages WHERE event_key = ${`earnings:${ids.grandchild}:${today}`}`,
    );
    expect(Number(summaries[0]!.n)).toBe(1);
  });

  it('is made by the scheduler for the day before, once an hour into the next day', async () => {
    const job = JOBS.find((j) => j.name === 'earnings-summary')!;
    expect(job).toBeDefined();
    // 01:30 Beijing time on 2 December: the summary of 1 December is due; 00:30 it is not yet.
    expect(summaryDayAt(new Date('2026-12-01T17:30:00Z'))).toBe('2026-12-01');
    expect(summaryDayAt(new Date('2026-12-01T16:30:00Z'))).toBe('2026-11-30');
    const ctx = { now: new Date(), signal: new AbortController().signal };
    const ran = await job.run(app, ctx);
    expect(ran.ran).toBe(true);
    const twice = await job.run(app, ctx);
    expect(twice).toMatchObject({ ran: false, reason: 'already_succeeded' });
  });
});
