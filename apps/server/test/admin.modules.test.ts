import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { DEMO_PAY_PASSWORD } from '../src/db/seed-withdrawals';
import { adminCall, adminLogin } from './admin-helpers';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { pngOf } from './upload-helpers';

const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

let finance: string;
let superAdmin: string;
let content: string;
let ops: string;
let topToken: string;

const auditCount = async (action: string) =>
  Number(
    (
      await rows<{ n: unknown }>(
        db,
        sql`SELECT count(*) AS n FROM audit_logs WHERE action = ${action}`,
      )
    )[0]!.n,
  );

beforeAll(async () => {
  finance = await adminLogin(app, 'finance');
  superAdmin = await adminLogin(app, 'super_admin');
  content = await adminLogin(app, 'content');
  ops = await adminLogin(app, 'operations');
  topToken = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
});

async function agentWithdraw(amountFen: number) {
  const accounts = await app.inject({
    method: 'GET',
    url: '/prod-api/api/ag/my/center/settlement/list',
    headers: bearer(topToken),
  });
  const own = (accounts.json().data as { own: { id: number } }).own;
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/agent/withdraw/apply',
    headers: bearer(topToken),
    payload: {
      walletType: 'profit',
      amountFen,
      accountId: own.id,
      payPassword: DEMO_PAY_PASSWORD,
      idempotencyKey: `key-${amountFen}-${Date.now()}`,
    },
  });
  expect(res.json().code, res.json().msg).toBe(200);
  return res.json().data.id as number;
}

describe('withdrawal review', () => {
  it('finance approves and pays a batch; each step is audited with before and after', async () => {
    const a = await agentWithdraw(1500);
    const b = await agentWithdraw(1600);
    const list = await adminCall<{ rows: { id: number; cardMasked: string }[] }>(
      app,
      finance,
      'GET',
      '/withdrawals?status=0',
    );
    expect(list.body.data.rows.map((r) => r.id)).toEqual(expect.arrayContaining([a, b]));
    expect(list.body.data.rows[0]!.cardMasked).toMatch(/\*/);

    const approved = await adminCall<{ done: number[] }>(
      app,
      finance,
      'POST',
      '/withdrawals/approve',
      { ids: [a, b] },
    );
    expect(approved.body.data.done).toEqual([a, b]);
    const again = await adminCall<{ failed: { id: number }[] }>(
      app,
      finance,
      'POST',
      '/withdrawals/approve',
      { ids: [a] },
    );
    expect(again.body.data.failed[0]!.id).toBe(a);

    const paid = await adminCall<{ done: number[] }>(app, finance, 'POST', '/withdrawals/pay', {
      ids: [a, b],
    });
    expect(paid.body.data.done).toEqual([a, b]);
    const [w] = await rows<{ status: number }>(
      db,
      sql`SELECT status FROM withdrawals WHERE id = ${a}`,
    );
    expect(Number(w!.status)).toBe(2);
    const [log] = await rows<{
      before: { status: number };
      after: { status: number };
      operator_name: string;
      role: string;
    }>(
      db,
      sql`SELECT before, after, operator_name, role FROM audit_logs WHERE action = 'withdrawal.approve' AND target_id = ${String(a)}`,
    );
    expect(log).toMatchObject({ before: { status: 0 }, after: { status: 1 }, role: 'finance' });
  });

  it('rejecting needs a reason (named) and returns the money; content cannot review', async () => {
    const id = await agentWithdraw(1700);
    const noReason = await adminCall(app, finance, 'POST', '/withdrawals/reject', { ids: [id] });
    expect(noReason.status).toBe(400);
    expect(noReason.body.field).toBe('reason');
    const [still] = await rows<{ status: number }>(
      db,
      sql`SELECT status FROM withdrawals WHERE id = ${id}`,
    );
    expect(Number(still!.status)).toBe(0);

    expect(
      (await adminCall(app, content, 'POST', '/withdrawals/reject', { ids: [id], reason: 'x' }))
        .status,
    ).toBe(403);
    const rejected = await adminCall<{ done: number[] }>(
      app,
      finance,
      'POST',
      '/withdrawals/reject',
      { ids: [id], reason: '卡号有误' },
    );
    expect(rejected.body.data.done).toEqual([id]);
  });

  it('reveals the full card number only to allowed roles, and audits each reveal', async () => {
    const id = await agentWithdraw(1800);
    const before = await auditCount('pii.reveal');
    const shown = await adminCall<{ value: string }>(app, finance, 'POST', '/withdrawals/reveal', {
      id,
      what: 'card',
    });
    expect(shown.body.data.value).toMatch(/^\d{16,19}$/);
    expect(await auditCount('pii.reveal')).toBe(before + 1);
    expect(
      (await adminCall(app, ops, 'POST', '/withdrawals/reveal', { id, what: 'card' })).status,
    ).toBe(403);
  });

  it('exports the filtered queue as CSV', async () => {
    const res = await adminCall(app, finance, 'GET', '/withdrawals?format=csv&status=2');
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body.raw).toContain('已到账');
  });
});

describe('content', () => {
  it('a banner published in the console is what the agent app lists; bad input names the field', async () => {
    const bad = await adminCall(app, content, 'POST', '/banners/save', {
      title: '',
      imageUrl: '/static/banners/banner-1.svg',
      bannerType: 1,
      isShow: true,
      sort: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('title');
    const saved = await adminCall<{ id: number }>(app, content, 'POST', '/banners/save', {
      title: '双十一活动',
      imageUrl: '/static/banners/banner-2.svg',
      bannerType: 1,
      isShow: true,
      sort: 0,
    });
    expect(saved.body.code).toBe(200);
    const app1 = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/home/banner/list?bannerType=1',
      headers: bearer(topToken),
    });
    expect((app1.json().data as { title: string }[])[0]!.title).toBe('双十一活动');

    await adminCall(app, content, 'POST', '/banners/save', {
      id: saved.body.data.id,
      title: '双十一活动',
      imageUrl: '/static/banners/banner-2.svg',
      bannerType: 1,
      isShow: false,
      sort: 0,
    });
    const app2 = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/home/banner/list?bannerType=1',
      headers: bearer(topToken),
    });
    expect((app2.json().data as { title: string }[]).map((b) => b.title)).not.toContain(
      '双十一活动',
    );
    expect(await auditCount('banner.update')).toBe(1);
    expect((await adminCall(app, finance, 'POST', '/banners/save', {})).status).toBe(403);
  });
});

describe('maker-checker adjustment', () => {
  it('posts only when a second operator approves; the maker cannot approve their own', async () => {
    const balance = async () =>
      Number(
        (
          await rows<{ b: unknown }>(
            db,
            sql`SELECT coalesce(sum(balance_fen), 0) AS b FROM ledger_accounts WHERE agent_id = ${ctx.demo.child.id} AND wallet_type = 'reward'`,
          )
        )[0]!.b,
      );
    const start = await balance();
    const made = await adminCall<{ id: number }>(app, finance, 'POST', '/adjustments/create', {
      agentId: ctx.demo.child.id,
      walletType: 'reward',
      amountFen: 12345,
      reason: '活动补发',
    });
    expect(made.body.code, made.body.msg).toBe(200);
    expect(await balance()).toBe(start);
    const self = await adminCall(app, finance, 'POST', '/adjustments/decide', {
      id: made.body.data.id,
      approve: true,
    });
    expect(self.status).toBe(400);
    expect(await balance()).toBe(start);
    const checked = await adminCall(app, superAdmin, 'POST', '/adjustments/decide', {
      id: made.body.data.id,
      approve: true,
    });
    expect(checked.body.code, checked.body.msg).toBe(200);
    expect(await balance()).toBe(start + 12345);
    const [sum] = await rows<{ s: unknown }>(
      db,
      sql`SELECT sum(balance_fen) AS s FROM ledger_accounts`,
    );
    expect(Number(sum!.s)).toBe(0);
  });

  it('refuses a zero amount naming the field', async () => {
    const bad = await adminCall(app, finance, 'POST', '/adjustments/create', {
      agentId: ctx.demo.child.id,
      walletType: 'reward',
      amountFen: 0,
      reason: 'x',
    });
    expect(bad.body.field).toBe('amountFen');
  });
});

describe('agents', () => {
  it('searches by mobile, creates a top-level agent, and disabling ends its sessions', async () => {
    const found = await adminCall<{ rows: { id: number }[] }>(
      app,
      ops,
      'GET',
      `/agents?keyword=${DEMO_ACCOUNTS.child.mobile}`,
    );
    expect(found.body.data.rows.map((r) => r.id)).toEqual([ctx.demo.child.id]);
    const detail = await adminCall<{ chain: { id: number }[] }>(
      app,
      ops,
      'GET',
      `/agents/detail?id=${ctx.demo.grandchild.id}`,
    );
    expect(detail.body.data.chain.map((c) => c.id)).toEqual([ctx.demo.top.id, ctx.demo.child.id]);

    const dup = await adminCall(app, ops, 'POST', '/agents/create', {
      name: '新',
      mobile: DEMO_ACCOUNTS.top.mobile,
      level: 1,
    });
    expect(dup.body.field).toBe('mobile');
    const created = await adminCall<{ agent: { id: number }; initialPassword: string }>(
      app,
      ops,
      'POST',
      '/agents/create',
      { name: '钱七', mobile: '13700000077', level: 1 },
    );
    expect(created.body.code, created.body.msg).toBe(200);

    const agentToken = await loginAs(app, '13700000077', created.body.data.initialPassword);
    await adminCall(app, ops, 'POST', '/agents/disable', { id: created.body.data.agent.id });
    const after = await app.inject({
      method: 'GET',
      url: '/prod-api/getInfo',
      headers: bearer(agentToken),
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('terminal import', () => {
  it('names every bad row in the preview, imports only after commit, then allocates to a top agent', async () => {
    const csv = [
      'sn,brand,model',
      'CSVIMP0001,拉卡拉,LKL-M1',
      'CSVIMP0002,拉卡拉,LKL-M1',
      'CSVIMP0001,拉卡拉,LKL-M1',
      'CSVIMP0003,不存在,LKL-M1',
      'bad sn!,拉卡拉,LKL-M1',
    ].join('\n');
    const brands = await rows<{ name: string; models: string[] }>(
      db,
      sql`SELECT name, models FROM brands ORDER BY id LIMIT 1`,
    );
    const real = csv
      .replaceAll('拉卡拉', brands[0]!.name)
      .replaceAll('LKL-M1', brands[0]!.models[0]!);
    const preview = await adminCall<{
      id: number;
      validRows: number;
      problems: { line: number; msg: string }[];
    }>(app, ops, 'POST', '/terminals/import/preview', { fileName: 't.csv', csv: real });
    expect(preview.body.code, preview.body.msg).toBe(200);
    expect(preview.body.data.validRows).toBe(2);
    expect(preview.body.data.problems.map((p) => p.line)).toEqual([4, 5, 6]);
    const none = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM terminals WHERE sn LIKE 'CSVIMP%'`,
    );
    expect(Number(none[0]!.n)).toBe(0);
    const done = await adminCall<{ status: number; doneRows: number }>(
      app,
      ops,
      'POST',
      '/terminals/import/commit',
      { id: preview.body.data.id },
    );
    expect(done.body.data).toMatchObject({ status: 2, doneRows: 2 });
    const moved = await adminCall<{ count: number }>(app, ops, 'POST', '/terminals/allocate', {
      toAgentId: ctx.demo.top.id,
      importId: preview.body.data.id,
    });
    expect(moved.body.code, moved.body.msg).toBe(200);
    expect(moved.body.data.count).toBe(2);
    expect(await auditCount('terminal.allocate')).toBe(1);
  });
});

describe('dashboard, audit, jobs', () => {
  it('shows server figures and the attention list; the audit log filters and exports', async () => {
    const d = await adminCall<{
      attention: { ledgerBalanced: boolean };
      terminalsByStatus: { unbound: number };
    }>(app, superAdmin, 'GET', '/dashboard');
    expect(d.body.data.attention.ledgerBalanced).toBe(true);
    // Content staff see no money figures: the dashboard is not theirs (the dictionaries are).
    expect((await adminCall(app, content, 'GET', '/dashboard')).status).toBe(403);
    expect((await adminCall(app, content, 'GET', '/dicts')).status).toBe(200);
    expect(d.body.data.terminalsByStatus.unbound).toBeGreaterThan(0);
    const audit = await adminCall<{ rows: { action: string }[] }>(
      app,
      superAdmin,
      'GET',
      '/audit?action=withdrawal.approve',
    );
    expect(audit.body.data.rows.length).toBeGreaterThan(0);
    expect(new Set(audit.body.data.rows.map((r) => r.action))).toEqual(
      new Set(['withdrawal.approve']),
    );
    const bad = await adminCall(app, superAdmin, 'GET', '/audit?from=2024-13-01');
    expect(bad.body.field).toBe('from');
    const page1 = await adminCall<{ rows: { id: number }[]; nextCursor: string }>(
      app,
      superAdmin,
      'GET',
      '/audit?pageSize=2',
    );
    const page2 = await adminCall<{ rows: { id: number }[] }>(
      app,
      superAdmin,
      'GET',
      `/audit?pageSize=2&cursor=${page1.body.data.nextCursor}`,
    );
    expect(page2.body.data.rows[0]!.id).toBeLessThan(page1.body.data.rows[1]!.id);
    const run = await adminCall<{ ran: boolean }>(app, finance, 'POST', '/jobs/run', {
      job: 'settlement',
    });
    expect(run.body.code, run.body.msg).toBe(200);
    expect(await auditCount('job.run')).toBe(1);
  });
});

describe('agent account controls', () => {
  it('a reset password must be changed at sign-in; enabling lets a disabled agent back in', async () => {
    const id = ctx.demo.grandchild.id;
    const reset = await adminCall<{ initialPassword: string }>(
      app,
      ops,
      'POST',
      '/agents/reset-password',
      { id },
    );
    const token = await loginAs(
      app,
      DEMO_ACCOUNTS.grandchild.mobile,
      reset.body.data.initialPassword,
    );
    const blocked = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/agent/wallet/showAgentWallet',
      headers: bearer(token),
    });
    expect(blocked.statusCode).toBe(428);

    await adminCall(app, ops, 'POST', '/agents/disable', { id });
    const refused = await app.inject({
      method: 'POST',
      url: '/prod-api/login/app',
      payload: {
        username: DEMO_ACCOUNTS.grandchild.mobile,
        password: reset.body.data.initialPassword,
      },
    });
    expect(refused.json().code).toBe(400);
    await adminCall(app, ops, 'POST', '/agents/enable', { id });
    await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile, reset.body.data.initialPassword);
    const actions = await rows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_logs WHERE target_type = 'agent' AND target_id = ${String(id)} ORDER BY id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'agent.reset_password',
      'agent.disable',
      'agent.enable',
    ]);
  });

  it('bad input names the field and changes nothing', async () => {
    const before = await rows<{ level: number }>(
      db,
      sql`SELECT level FROM agents WHERE id = ${ctx.demo.child.id}`,
    );
    const bad = await adminCall(app, ops, 'POST', '/agents/update', {
      id: ctx.demo.child.id,
      level: 0,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('level');
    const after = await rows<{ level: number }>(
      db,
      sql`SELECT level FROM agents WHERE id = ${ctx.demo.child.id}`,
    );
    expect(after).toEqual(before);
    const banners = async () =>
      Number((await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM banners`))[0]!.n);
    const n = await banners();
    const badBanner = await adminCall(app, content, 'POST', '/banners/save', {
      title: 'x',
      imageUrl: 'javascript:alert(1)',
      bannerType: 1,
      isShow: true,
      sort: 0,
    });
    expect(badBanner.body.field).toBe('imageUrl');
    expect(await banners()).toBe(n);
  });
});

describe('operators and system parameters', () => {
  it('only a super admin proposes operators (a second one approves: admin.four-eyes.test.ts)', async () => {
    const bad = await adminCall(app, superAdmin, 'POST', '/operators/create', {
      username: 'Bad Name',
      name: '新',
      role: 'finance',
    });
    expect(bad.body.field).toBe('username');
    expect((await adminCall(app, ops, 'POST', '/operators/create', {})).status).toBe(403);
  });

  it('agent_common_level must stay a valid level list', async () => {
    const bad = await adminCall(app, superAdmin, 'POST', '/params/save', {
      key: 'agent_common_level',
      value: '[{"level":1}]',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('value');
    const good = await adminCall(app, superAdmin, 'POST', '/params/save', {
      key: 'agent_common_level',
      value:
        '[{"level":1,"name":"V1"},{"level":2,"name":"V2"},{"level":3,"name":"V3"},{"level":4,"name":"V4"}]',
    });
    expect(good.body.code, good.body.msg).toBe(200);
    const params = await adminCall<{ key: string; value: string }[]>(
      app,
      superAdmin,
      'GET',
      '/params',
    );
    expect(params.body.data.find((p) => p.key === 'agent_common_level')!.value).toContain('V4');
  });
});

describe('transactions search', () => {
  it('finds a terminal’s transactions by SN, and today’s without a filter', async () => {
    const [t] = await rows<{ sn: string; n: unknown }>(
      db,
      sql`SELECT t.sn, count(*) AS n FROM transactions x JOIN terminals t ON t.id = x.terminal_id GROUP BY t.sn ORDER BY count(*) DESC LIMIT 1`,
    );
    const found = await adminCall<{ rows: { sn: string }[] }>(
      app,
      finance,
      'GET',
      `/transactions?sn=${t!.sn}&pageSize=200`,
    );
    expect(found.body.code, found.body.msg).toBe(200);
    expect(found.body.data.rows.length).toBe(Math.min(200, Number(t!.n)));
    expect(new Set(found.body.data.rows.map((r) => r.sn))).toEqual(new Set([t!.sn]));
    const none = await adminCall(app, finance, 'GET', '/transactions');
    expect(none.body.code, none.body.msg).toBe(200);
  });
});

describe('SN history and statements', () => {
  it("shows an SN's operations across trees, and an agent's statement that sums to its balance", async () => {
    const [op] = await rows<{ sn: string; n: unknown }>(
      db,
      sql`SELECT sn, count(*) AS n FROM terminal_operation_items GROUP BY sn ORDER BY count(*) DESC, sn LIMIT 1`,
    );
    const h = await adminCall<{ terminal: { sn: string }; operations: unknown[] }>(
      app,
      ops,
      'GET',
      `/terminals/history?sn=${op!.sn.toLowerCase()}`,
    );
    expect(h.body.code, h.body.msg).toBe(200);
    expect(h.body.data.terminal.sn).toBe(op!.sn);
    expect(h.body.data.operations).toHaveLength(Number(op!.n));
    expect((await adminCall(app, ops, 'GET', '/terminals/history?sn=NOPE0000')).status).toBe(404);

    const agentId = ctx.demo.top.id;
    let cursor: string | null = null;
    let sum = 0;
    do {
      const page: { body: { data: { rows: { amountFen: number }[]; nextCursor: string | null } } } =
        await adminCall(
          app,
          finance,
          'GET',
          `/ledger/statement?agentId=${agentId}&walletType=profit&pageSize=50${cursor ? `&cursor=${cursor}` : ''}`,
        );
      sum += page.body.data.rows.reduce((s, r) => s + r.amountFen, 0);
      cursor = page.body.data.nextCursor;
    } while (cursor);
    const [bal] = await rows<{ b: unknown }>(
      db,
      sql`SELECT balance_fen AS b FROM ledger_accounts WHERE agent_id = ${agentId} AND wallet_type = 'profit'`,
    );
    expect(sum).toBe(Number(bal!.b));
    const csv = await adminCall(
      app,
      finance,
      'GET',
      `/ledger/statement?agentId=${agentId}&format=csv`,
    );
    expect(csv.headers['content-disposition']).toContain(`statement-${agentId}-profit.csv`);
    const bad = await adminCall(app, finance, 'GET', '/ledger/statement?agentId=abc');
    expect(bad.body.field).toBe('agentId');
  });
});

describe('licence review', () => {
  it('lists licences under review with their images; rejecting needs a reason the agent sees', async () => {
    const queue = await adminCall<{ rows: { id: number; licenceStatus: number }[] }>(
      app,
      ops,
      'GET',
      '/licences',
    );
    expect(queue.body.code, queue.body.msg).toBe(200);
    const first = queue.body.data.rows[0]!;
    expect(first.licenceStatus).toBe(1);
    await db.execute(
      sql`INSERT INTO merchant_files (merchant_id, kind, mime, size_bytes, data, uploaded_by)
          VALUES (${first.id}, 'licence', 'image/png', 4, '\\x89504e47'::bytea, ${ctx.demo.top.id})`,
    );
    const again = await adminCall<{ rows: { id: number; files: { id: number }[] }[] }>(
      app,
      ops,
      'GET',
      '/licences',
    );
    const fileId = again.body.data.rows.find((r) => r.id === first.id)!.files[0]!.id;
    const img = await app.inject({
      url: `/prod-api/admin/licences/file?id=${fileId}`,
      headers: bearer(ops),
    });
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(0, 4)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47]));

    const noReason = await adminCall(app, ops, 'POST', '/licences/decide', {
      id: first.id,
      approve: false,
    });
    expect(noReason.body.field).toBe('reason');
    const rejected = await adminCall(app, ops, 'POST', '/licences/decide', {
      id: first.id,
      approve: false,
      reason: '执照模糊',
    });
    expect(rejected.body.code, rejected.body.msg).toBe(200);
    const [m] = await rows<{ licence_status: number; licence_reason: string }>(
      db,
      sql`SELECT licence_status, licence_reason FROM merchants WHERE id = ${first.id}`,
    );
    expect(m).toMatchObject({ licence_status: 3, licence_reason: '执照模糊' });
    expect(await auditCount('licence.reject')).toBe(1);
  });
});

describe('banner image upload', () => {
  const multipart = (name: string, data: Buffer) => {
    const boundary = '----pos-test-boundary';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      data,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
  };
  const png = pngOf(750, 300, Buffer.from('demo-image-bytes'));

  it('stores the image with its SHA-256, serves it publicly, and refuses what is not an image', async () => {
    const up = multipart('a.png', png);
    const res = await app.inject({
      method: 'POST',
      url: '/prod-api/admin/files/upload',
      headers: { ...bearer(content), ...up.headers },
      payload: up.body,
    });
    const body = res.json() as { code: number; msg: string; data: { url: string; sha256: string } };
    expect(body.code, body.msg).toBe(200);
    expect(body.data.sha256).toMatch(/^[0-9a-f]{64}$/);
    const served = await app.inject({ url: body.data.url });
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);
    expect(
      (await app.inject({ url: body.data.url.replace(/.$/, (c) => (c === '0' ? '1' : '0')) }))
        .statusCode,
    ).toBe(404);

    const bad = multipart('a.png', Buffer.from('not an image at all'));
    const refused = await app.inject({
      method: 'POST',
      url: '/prod-api/admin/files/upload',
      headers: { ...bearer(content), ...bad.headers },
      payload: bad.body,
    });
    expect(refused.json()).toMatchObject({ code: 400, field: 'file' });
    const finance403 = await app.inject({
      method: 'POST',
      url: '/prod-api/admin/files/upload',
      headers: { ...bearer(finance), ...up.headers },
      payload: up.body,
    });
    expect(finance403.statusCode).toBe(403);
  });
});
