import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { passDueRecalls } from '../src/jobs/recall-auto-pass';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const { app, demo, database } = await createTestContext();
const db = database.db;
const top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
const grandchild = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
const otherTop = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);

const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/prod-api${url}`, payload, headers: bearer(token) });

/** Where each SN is now: holder id, bind status, pending lock. */
async function state(...sns: string[]) {
  const order = new Map(sns.map((s, i) => [s, i]));
  const found = await rows<{
    sn: string;
    holder_agent_id: unknown;
    bind_status: unknown;
    pending_operation_id: unknown;
  }>(
    db,
    sql`SELECT sn, holder_agent_id, bind_status, pending_operation_id FROM terminals
        WHERE sn = ANY(string_to_array(${sns.join(',')}, ',')) ORDER BY sn`,
  );
  found.sort((a, b) => order.get(a.sn)! - order.get(b.sn)!);
  return found.map((r) => ({
    sn: r.sn,
    holder: r.holder_agent_id === null ? null : Number(r.holder_agent_id),
    bindStatus: Number(r.bind_status),
    pending: r.pending_operation_id !== null,
  }));
}
const holders = async (...sns: string[]) => (await state(...sns)).map((s) => s.holder);
const operationCount = async () =>
  Number(
    (await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM terminal_operations`))[0]!.n,
  );
/** What the counts should be, straight from the terminals table (other seeds may bind or activate some). */
async function counted(where: ReturnType<typeof sql>) {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT count(*) AS total, count(*) FILTER (WHERE bind_status = 0) AS unbound,
          count(*) FILTER (WHERE bind_status = 1) AS bound, count(*) FILTER (WHERE bind_status = 3) AS activated
        FROM terminals WHERE deleted_at IS NULL AND ${where}`,
  );
  return {
    total: Number(r!.total),
    unbound: Number(r!.unbound),
    bound: Number(r!.bound),
    activated: Number(r!.activated),
  };
}
/** The word the refusal uses for a terminal's bind state. */
async function stateWord(sn: string) {
  return (await state(sn))[0]!.bindStatus === 3 ? '已激活' : '已绑定';
}
async function snWhere(where: ReturnType<typeof sql>) {
  const found = await rows<{ sn: string }>(
    db,
    sql`SELECT sn FROM terminals WHERE deleted_at IS NULL AND ${where} ORDER BY sn`,
  );
  return found.map((r) => r.sn);
}
const sn = (prefix: string, n: number) => prefix + String(n).padStart(8, '0');
const range = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => sn(prefix, from + i));

describe('stock counts and lists', () => {
  it('counts the subtree and the own stock by bind status and brand', async () => {
    const body = (await get(top, '/api/term-info/summary')).json();
    expect(body.code).toBe(200);
    expect(body.data.all).toEqual(await counted(sql`holder_path LIKE ${demo.top.path + '%'}`));
    expect(body.data.own).toEqual(await counted(sql`holder_agent_id = ${demo.top.id}`));
    expect(body.data.all.total).toBe(2650);
    expect(body.data.own.total).toBe(2110);
    const byName = Object.fromEntries(
      body.data.byBrand.map((b: { brandName: string; total: number }) => [b.brandName, b.total]),
    );
    expect(byName).toEqual({ 联迪: 1900, 新大陆: 750 });
    expect(body.data.pendingRecalls).toBe(0);

    const childSummary = (await get(child, '/api/term-info/summary')).json().data;
    expect(childSummary.all).toEqual(await counted(sql`holder_path LIKE ${demo.child.path + '%'}`));
    expect(childSummary.all.total).toBe(290 + 100 + 100 + 50);
    expect(childSummary.own.total).toBe(390);
    expect(childSummary.pendingRecalls).toBe(1);
    expect((await get(otherTop, '/api/term-info/summary')).json().data.all.total).toBe(400);
  });

  it('lists a filtered subtree page by page, each terminal once, in holder then SN order', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const qs = new URLSearchParams({
        bindStatus: '0',
        brandId: '1',
        holderAgentId: String(demo.child.id),
        pageSize: '37',
      });
      if (cursor) qs.set('cursor', cursor);
      const body = (await get(top, `/api/term-info/list?${qs}`)).json();
      expect(body.code).toBe(200);
      for (const r of body.data.rows) {
        expect(r).toMatchObject({
          bindStatus: 0,
          brandName: '联迪',
          holderAgentId: demo.child.id,
          own: false,
          holderName: '李经理',
        });
        seen.push(r.sn);
      }
      cursor = body.data.nextCursor;
    } while (cursor);
    const expected = await snWhere(
      sql`holder_agent_id = ${demo.child.id} AND bind_status = 0 AND brand_id = 1`,
    );
    expect(expected.length).toBeGreaterThan(200);
    expect(seen).toEqual(expected);
  });

  it('puts the own stock first and searches by SN prefix', async () => {
    const first = (await get(top, '/api/term-info/list?pageSize=3')).json().data.rows;
    expect(first.map((r: { sn: string; own: boolean }) => [r.sn, r.own])).toEqual([
      ['LD00000001', true],
      ['LD00000002', true],
      ['LD00000003', true],
    ]);
    const search = (await get(top, '/api/term-info/list?sn=ld0000150&pageSize=50')).json().data
      .rows;
    expect(search.map((r: { sn: string }) => r.sn).sort()).toEqual(range('LD', 1500, 1509));
    const childSearch = (await get(child, '/api/term-info/list?sn=LD0000150&pageSize=50')).json()
      .data.rows;
    expect(childSearch.map((r: { sn: string }) => r.sn)).toEqual(range('LD', 1501, 1509));
  });

  it('shows bound and activated state, merchant and activation deadline', async () => {
    const [activatedSn] = await snWhere(sql`holder_agent_id = ${demo.top.id} AND bind_status = 3`);
    const [boundSn] = await snWhere(sql`holder_agent_id = ${demo.top.id} AND bind_status = 1`);
    const find = async (one: string) =>
      (await get(top, `/api/term-info/list?sn=${one}`)).json().data.rows[0];
    const activated = await find(activatedSn!);
    const bound = await find(boundSn!);
    expect(activated).toMatchObject({ bindStatus: 3, activationDeadline: null });
    expect(activated.activatedAt).toBeTruthy();
    expect(bound).toMatchObject({ bindStatus: 1 });
    expect(bound.merchantName).toBeTruthy();
    expect(new Date(bound.activationDeadline).getTime() - new Date(bound.boundAt).getTime()).toBe(
      30 * 86400_000,
    );
  });

  it('shows a terminal with its policy, fees and history', async () => {
    const body = (await get(grandchild, '/api/term-info/info?sn=LD00001850')).json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      sn: 'LD00001850',
      brandName: '联迪',
      model: 'A8',
      policyName: '联迪标准政策',
      holderName: '王小二',
      own: true,
      bindStatus: 0,
      canBind: true,
      canUnbind: false,
    });
    expect(typeof body.data.serviceFeeFen).toBe('number');
    // The grandchild sees how the terminal reached it (from its parent), not its ancestors' moves before.
    expect(
      body.data.history.map((h: { type: number; fromName: string; toName: string }) => [
        h.type,
        h.fromName,
        h.toName,
      ]),
    ).toEqual([[0, '李**', '王小二']]);
    const topView = (await get(top, '/api/term-info/info?sn=LD00001850')).json().data;
    expect(topView.history.map((h: { fromName: string }) => h.fromName)).toEqual([
      '李经理',
      '张总',
      '平台',
    ]);
    // The platform's allocation was made by an operator, who has no tree: shown as the platform.
    expect(topView.history.at(-1)).toMatchObject({ fromName: '平台', operatorName: '平台' });
    expect(topView).toMatchObject({ own: false, canBind: false });
  });

  it('answers "not found" for terminals outside the subtree: other tree, and a child looking at its parent', async () => {
    for (const [token, target] of [
      [otherTop, 'LD00000001'],
      [child, 'LD00000001'],
      [grandchild, 'LD00001501'],
      [top, 'LD00002001'],
      [top, 'LD00005001'],
    ] as const) {
      const res = await get(token, `/api/term-info/info?sn=${target}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: '终端不存在' });
    }
    const list = (await get(child, '/api/term-info/list?sn=LD00000001')).json();
    expect(list.data.rows).toEqual([]);
    expect(
      (await get(otherTop, `/api/term-info/list?holderAgentId=${demo.child.id}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(child, `/api/term-info/summary?holderAgentId=${demo.top.id}`)).statusCode,
    ).toBe(404);
  });

  it('refuses a malformed cursor and filter', async () => {
    expect((await get(top, '/api/term-info/list?cursor=abc')).json()).toMatchObject({
      code: 400,
      msg: '分页游标格式错误',
    });
    expect((await get(top, '/api/term-info/list?bindStatus=2')).json()).toMatchObject({
      code: 400,
      msg: '绑定状态不正确',
    });
  });

  it('breaks the stock down by direct sub-agent team', async () => {
    const body = (await get(top, '/api/term-info/teamBreakdown')).json().data;
    expect(body.own.total).toBe(2110);
    const childRow = body.children.find((c: { agentId: number }) => c.agentId === demo.child.id);
    expect(childRow).toMatchObject({
      ...(await counted(sql`holder_path LIKE ${demo.child.path + '%'}`)),
      agentName: '李经理',
    });
    expect(childRow.total).toBe(540);
  });
});

describe('allocate, transfer, recall', () => {
  it('lists the agents each operation can name', async () => {
    const alloc = (await get(top, '/api/term-info/targetAgents?type=0&pageSize=100')).json().data
      .rows;
    expect(alloc.map((a: { id: number }) => a.id)).toContain(demo.child.id);
    expect(alloc.map((a: { id: number }) => a.id)).not.toContain(demo.grandchild.id);
    const transfer = (
      await get(top, '/api/term-info/targetAgents?type=1&keyword=13800000003')
    ).json().data.rows;
    const stock = (await counted(sql`holder_agent_id = ${demo.grandchild.id}`)).unbound;
    expect(transfer).toEqual([
      { id: demo.grandchild.id, name: '王小二', mobile: '138****0003', depth: 2, stock },
    ]);
    const none = (await get(child, '/api/term-info/targetAgents?type=1&keyword=13800000001')).json()
      .data.rows;
    expect(none).toEqual([]);
  });

  it('previews exactly which terminals move and to whom, changing nothing', async () => {
    const before = await operationCount();
    const body = (
      await post(top, '/api/term-info/preview', {
        type: 0,
        toAgentId: demo.child.id,
        startSn: 'LD00001001',
        endSn: 'LD00001010',
      })
    ).json();
    expect(body.code).toBe(200);
    expect(body.data).toMatchObject({
      type: 0,
      count: 10,
      from: { id: demo.top.id, name: '张总' },
      to: { id: demo.child.id, name: '李经理', mobile: '13800000002' },
      byBrand: [{ brandName: '联迪', count: 10 }],
    });
    expect(body.data.terminals.map((t: { sn: string }) => t.sn)).toEqual(range('LD', 1001, 1010));
    expect(await operationCount()).toBe(before);
    expect(await holders('LD00001001')).toEqual([demo.top.id]);
  });

  it('allocates an SN range to a direct sub-agent at once, and both sides see it', async () => {
    const res = (
      await post(top, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.child.id,
        startSn: 'LD00001001',
        endSn: 'LD00001010',
      })
    ).json();
    expect(res).toMatchObject({
      code: 200,
      data: { type: 0, status: 1, count: 10, autoPassAt: null },
    });
    expect(new Set(await holders(...range('LD', 1001, 1010)))).toEqual(new Set([demo.child.id]));
    const childList = (
      await get(child, `/api/term-info/list?sn=LD000010&holderAgentId=${demo.child.id}`)
    ).json().data.rows;
    expect(childList.map((r: { sn: string }) => r.sn)).toEqual(range('LD', 1001, 1010));
    const childRecords = (await get(child, '/api/term-info/operations?role=incoming&type=0')).json()
      .data.rows;
    expect(childRecords[0]).toMatchObject({
      id: res.data.operationId,
      count: 10,
      mine: false,
      counterparty: { name: '张*' },
    });
    const topRecords = (await get(top, '/api/term-info/operations?role=mine')).json().data.rows;
    expect(topRecords[0]).toMatchObject({
      id: res.data.operationId,
      mine: true,
      counterparty: { id: demo.child.id },
    });
    const info = (
      await get(child, `/api/term-info/operation?id=${res.data.operationId}&pageSize=4`)
    ).json().data;
    expect(info.sns).toEqual(range('LD', 1001, 1004));
    expect(info.nextCursor).toBeTruthy();
  });

  it('allocates only to a direct sub-agent, never to oneself or outside the subtree', async () => {
    const before = await operationCount();
    const notDirect = (
      await post(top, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.grandchild.id,
        sns: ['LD00001011'],
      })
    ).json();
    expect(notDirect).toMatchObject({ code: 400, field: 'toAgentId' });
    expect(notDirect.msg).toContain('只能下发给直属下级代理商');
    const self = (
      await post(top, '/api/term-info/operate', {
        type: 1,
        toAgentId: demo.top.id,
        sns: ['LD00001011'],
      })
    ).json();
    expect(self).toMatchObject({ code: 400, msg: '不能划拨给自己' });
    const outside = await post(top, '/api/term-info/operate', {
      type: 1,
      toAgentId: demo.otherTop.id,
      sns: ['LD00001011'],
    });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().msg).toBe('接收代理商不存在');
    const upward = await post(child, '/api/term-info/operate', {
      type: 1,
      toAgentId: demo.top.id,
      sns: ['LD00001501'],
    });
    expect(upward.statusCode).toBe(404);
    expect(await operationCount()).toBe(before);
    expect(await holders('LD00001011', 'LD00001501')).toEqual([demo.top.id, demo.child.id]);
  });

  it('refuses the whole batch when one terminal is bound, naming the first offending SN', async () => {
    const bound = (
      await post(top, '/api/term-info/bind', {
        sn: 'LD00000250',
        merchant: { name: '批量测试店', legalName: '张三', mobile: '13700001111' },
      })
    ).json();
    expect(bound.code).toBe(200);
    const before = await operationCount();
    const res = (
      await post(top, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.child.id,
        startSn: 'LD00000245',
        endSn: 'LD00000255',
      })
    ).json();
    expect(res).toMatchObject({
      code: 400,
      msg: 'SN LD00000250 已绑定，不能下发',
      field: 'startSn',
    });
    const [activatedSn] = await snWhere(sql`holder_agent_id = ${demo.top.id} AND bind_status = 3`);
    const activated = (
      await post(top, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.child.id,
        sns: ['LD00000300', activatedSn!],
      })
    ).json();
    expect(activated).toMatchObject({ code: 400, msg: `SN ${activatedSn} 已激活，不能下发` });
    expect(await holders('LD00000245', 'LD00000255', 'LD00000300')).toEqual([
      demo.top.id,
      demo.top.id,
      demo.top.id,
    ]);
    expect(await operationCount()).toBe(before);
  });

  it('refuses a batch naming a terminal of another tree or of a sub-agent, changing nothing', async () => {
    const before = await operationCount();
    const other = await post(top, '/api/term-info/operate', {
      type: 0,
      toAgentId: demo.child.id,
      sns: ['LD00001011', 'LD00002001'],
    });
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe('SN LD00002001 不是您或您团队的终端，不能下发');
    const subs = (
      await post(top, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.child.id,
        sns: ['LD00001011', 'LD00001600'],
      })
    ).json();
    expect(subs).toMatchObject({ code: 400 });
    expect(subs.msg).toMatch(/^SN LD00001600 在代理商 .+ 的库存中，不在您的库存中，不能下发$/);
    // A child naming its parent's stock is told it is not its team's (nothing outside is revealed).
    const parents = await post(child, '/api/term-info/operate', {
      type: 0,
      toAgentId: demo.grandchild.id,
      sns: ['LD00000300'],
    });
    expect(parents.statusCode).toBe(400);
    expect(parents.json().msg).toBe('SN LD00000300 不是您或您团队的终端，不能下发');
    const otherTree = await post(otherTop, '/api/term-info/preview', {
      type: 2,
      startSn: 'LD00001501',
      endSn: 'LD00001505',
    });
    expect(otherTree.statusCode).toBe(400);
    expect(await holders('LD00001011', 'LD00001600', 'LD00000300')).toEqual([
      demo.top.id,
      demo.child.id,
      demo.top.id,
    ]);
    expect(await operationCount()).toBe(before);
  });

  it('gives clear messages for duplicate SNs, malformed and oversize ranges, ranges across prefixes', async () => {
    const cases: [object, string][] = [
      [{ sns: ['LD00001011', 'ld00001011'] }, 'SN LD00001011 重复'],
      [
        { startSn: 'LD00001011', endSn: 'XN00001011' },
        '起止SN前缀不一致：LD00001011 与 XN00001011，号段不能跨前缀',
      ],
      [{ startSn: 'LD00001020', endSn: 'LD00001011' }, '结束SN不能小于起始SN'],
      [{ startSn: 'LD0001011', endSn: 'LD00001020' }, '起止SN长度不一致'],
      [
        { startSn: 'LD00000001', endSn: 'LD00010001' },
        '号段包含10001台终端，一次最多10000台，请缩小号段',
      ],
      [{ startSn: 'LD00001011' }, '请输入结束SN'],
      [{ sns: ['LD-0001'] }, 'SN LD-0001 格式错误，应为4-32位字母或数字'],
      [{ sns: [] }, '请输入终端SN'],
    ];
    for (const [selection, msg] of cases) {
      const res = (
        await post(top, '/api/term-info/operate', {
          type: 0,
          toAgentId: demo.child.id,
          ...selection,
        })
      ).json();
      expect(res).toMatchObject({ code: 400, msg });
    }
  });

  it('names a missing SN in a range', async () => {
    const res = await post(top, '/api/term-info/operate', {
      type: 0,
      toAgentId: demo.child.id,
      startSn: 'LD00001895',
      endSn: 'LD00001905',
    });
    // LD00001895-1900 belong to the grandchild; the first offender is named.
    expect(res.json().msg).toMatch(
      /^SN LD00001895 在代理商 .+ 的库存中，不在您的库存中，不能下发$/,
    );
    const gap = await post(grandchild, '/api/term-info/preview', {
      type: 2,
      fromAgentId: demo.grandchild.id,
      startSn: 'LD00001899',
      endSn: 'LD00001902',
    });
    expect(gap.json()).toMatchObject({ code: 400, msg: '不能回拨自己的终端' });
    const missing = await post(child, '/api/term-info/preview', {
      type: 2,
      fromAgentId: demo.grandchild.id,
      startSn: 'LD00001899',
      endSn: 'LD00001902',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('SN LD00001901 不在您团队的库存中，不能回拨');
  });

  it('transfers to any agent of the subtree', async () => {
    const res = (
      await post(top, '/api/term-info/operate', {
        type: 1,
        toAgentId: demo.grandchild.id,
        startSn: 'LD00001021',
        endSn: 'LD00001030',
      })
    ).json();
    expect(res).toMatchObject({ code: 200, data: { status: 1, count: 10 } });
    expect(new Set(await holders(...range('LD', 1021, 1030)))).toEqual(
      new Set([demo.grandchild.id]),
    );
  });

  it('recalls pending the holder, locks the terminals, and moves them when the holder accepts', async () => {
    const res = (
      await post(top, '/api/term-info/operate', {
        type: 2,
        fromAgentId: demo.child.id,
        startSn: 'LD00001001',
        endSn: 'LD00001005',
        reason: '调回',
      })
    ).json();
    expect(res).toMatchObject({
      code: 200,
      msg: '回拨已提交，等待对方确认',
      data: { type: 2, status: 0, count: 5 },
    });
    expect(new Date(res.data.autoPassAt).getTime() - Date.now()).toBeGreaterThan(71 * 3600_000);
    const locked = await state(...range('LD', 1001, 1005));
    expect(locked.every((s) => s.holder === demo.child.id && s.pending)).toBe(true);

    // While pending the holder cannot move or bind them.
    const move = (
      await post(child, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.grandchild.id,
        sns: ['LD00001003'],
      })
    ).json();
    expect(move).toMatchObject({ code: 400, msg: 'SN LD00001003 有待处理的回拨，不能下发' });
    const bind = (
      await post(child, '/api/term-info/bind', {
        sn: 'LD00001003',
        merchant: { name: '测试商户', legalName: '张三', mobile: '13700009999' },
      })
    ).json();
    expect(bind).toMatchObject({ code: 400, msg: 'SN LD00001003 有待处理的回拨，不能绑定' });

    const incoming = (
      await get(child, '/api/term-info/operations?type=2&status=0&role=incoming')
    ).json().data.rows;
    const record = incoming.find((r: { id: number }) => r.id === res.data.operationId);
    expect(record).toMatchObject({
      canDecide: true,
      counterparty: { name: '张*' },
      reason: '调回',
    });

    // Only the holder answers: the recaller and anyone else are told it does not exist.
    for (const token of [top, grandchild, otherTop]) {
      const r = await post(token, '/api/term-info/recall/decide', {
        operationId: res.data.operationId,
        accept: true,
      });
      expect(r.statusCode).toBe(404);
    }
    const accept = (
      await post(child, '/api/term-info/recall/decide', {
        operationId: res.data.operationId,
        accept: true,
      })
    ).json();
    expect(accept).toMatchObject({ code: 200, msg: '已同意回拨', data: { status: 1 } });
    const after = await state(...range('LD', 1001, 1005));
    expect(after.every((s) => s.holder === demo.top.id && !s.pending)).toBe(true);
    const again = (
      await post(child, '/api/term-info/recall/decide', {
        operationId: res.data.operationId,
        accept: false,
      })
    ).json();
    expect(again).toMatchObject({ code: 400, msg: '该回拨已处理' });

    const topRecords = (
      await get(top, '/api/term-info/operations?type=2&status=1&role=mine')
    ).json().data.rows;
    expect(topRecords[0]).toMatchObject({
      id: res.data.operationId,
      counterparty: { id: demo.child.id },
      decidedAt: expect.any(String),
    });
  });

  it('leaves the terminals with the holder when it rejects the recall', async () => {
    const res = (
      await post(top, '/api/term-info/operate', { type: 2, sns: ['LD00001006', 'LD00001007'] })
    ).json();
    expect(res).toMatchObject({ code: 200, data: { status: 0, count: 2 } });
    const reject = (
      await post(child, '/api/term-info/recall/decide', {
        operationId: res.data.operationId,
        accept: false,
        reason: '已分给业务员',
      })
    ).json();
    expect(reject).toMatchObject({ code: 200, msg: '已拒绝回拨', data: { status: 2 } });
    const after = await state('LD00001006', 'LD00001007');
    expect(after.every((s) => s.holder === demo.child.id && !s.pending)).toBe(true);
    const rec = (await get(top, `/api/term-info/operation?id=${res.data.operationId}`)).json().data
      .record;
    expect(rec).toMatchObject({ status: 2, decisionReason: '已分给业务员' });
  });

  it('recalls all or nothing, and only from below', async () => {
    const before = await operationCount();
    const bound = (
      await post(top, '/api/term-info/operate', {
        type: 2,
        fromAgentId: demo.child.id,
        startSn: 'LD00001555',
        endSn: 'LD00001565',
      })
    ).json();
    expect(bound).toMatchObject({
      code: 400,
      msg: `SN LD00001555 ${await stateWord('LD00001555')}，不能回拨`,
    });
    expect((await state(...range('LD', 1561, 1565))).every((s) => !s.pending)).toBe(true);
    const notTheirs = (
      await post(top, '/api/term-info/operate', {
        type: 2,
        fromAgentId: demo.child.id,
        sns: ['LD00001600', 'LD00001850'],
      })
    ).json();
    // It names where the terminal is: a deeper member of the top's team, by full name (decision 010).
    expect(notTheirs).toMatchObject({ code: 400 });
    expect(notTheirs.msg).toMatch(
      /^SN LD00001850 在代理商 [^*]+ 的库存中，不在该代理商名下，不能回拨$/,
    );
    const ownStock = (
      await post(top, '/api/term-info/operate', { type: 2, sns: ['LD00000500'] })
    ).json();
    expect(ownStock).toMatchObject({ code: 400, msg: 'SN LD00000500 在您自己的库存中，无需回拨' });
    const upward = await post(child, '/api/term-info/operate', {
      type: 2,
      fromAgentId: demo.top.id,
      sns: ['LD00000500'],
    });
    expect(upward.statusCode).toBe(404);
    expect(await operationCount()).toBe(before);
  });

  it('passes a recall by itself after 72 hours', async () => {
    const now = new Date();
    const res = (
      await post(top, '/api/term-info/operate', {
        type: 2,
        fromAgentId: demo.child.id,
        sns: ['LD00001008', 'LD00001009'],
      })
    ).json();
    expect(res.data.status).toBe(0);
    // The seeded recall, a day old, is due in 48 hours; this one in 72.
    expect(await passDueRecalls(db, new Date(now.getTime() + 47 * 3600_000))).toBe(0);
    expect(await holders('LD00001008', 'LD00001009')).toEqual([demo.child.id, demo.child.id]);
    expect(await passDueRecalls(db, new Date(now.getTime() + 73 * 3600_000))).toBe(2);
    expect(await holders('LD00001008', 'LD00001009')).toEqual([demo.top.id, demo.top.id]);
    const rec = (await get(child, `/api/term-info/operation?id=${res.data.operationId}`)).json()
      .data.record;
    expect(rec).toMatchObject({
      status: 1,
      decisionReason: '超过72小时未处理，自动通过',
      canDecide: false,
    });
    expect(await passDueRecalls(db, new Date(now.getTime() + 100 * 3600_000))).toBe(0);
  });

  it('a late rejection of an overdue recall passes it', async () => {
    const res = (
      await post(top, '/api/term-info/operate', { type: 2, sns: ['LD00001010'] })
    ).json();
    await db.execute(
      sql`UPDATE terminal_operations SET auto_pass_at = now() - interval '1 minute' WHERE id = ${res.data.operationId}`,
    );
    const late = (
      await post(child, '/api/term-info/recall/decide', {
        operationId: res.data.operationId,
        accept: false,
      })
    ).json();
    expect(late).toMatchObject({
      code: 200,
      msg: '该回拨已超过72小时，已自动通过',
      data: { status: 1 },
    });
    expect(await holders('LD00001010')).toEqual([demo.top.id]);
  });

  it('filters records by type and status, and keeps them to the parties', async () => {
    const page = (await get(top, '/api/term-info/operations?type=2&pageSize=2')).json().data;
    expect(page.rows).toHaveLength(2);
    expect(page.rows.every((r: { type: number }) => r.type === 2)).toBe(true);
    const next = (
      await get(top, `/api/term-info/operations?type=2&pageSize=2&cursor=${page.nextCursor}`)
    ).json().data;
    expect(next.rows[0].id).toBeLessThan(page.rows[1].id);
    const rejected = (await get(child, '/api/term-info/operations?status=2')).json().data.rows;
    expect(rejected.length).toBeGreaterThan(0);
    expect(rejected.every((r: { status: number }) => r.status === 2)).toBe(true);
    const otherRecords = (await get(otherTop, '/api/term-info/operations?pageSize=100')).json().data
      .rows;
    expect(
      otherRecords.every(
        (r: { to: { id: number | null }; operator: { id: number | null } }) =>
          r.to.id === demo.otherTop.id || r.operator.id === demo.otherTop.id,
      ),
    ).toBe(true);
    const topOp = (await get(top, '/api/term-info/operations?role=mine&pageSize=1')).json().data
      .rows[0];
    expect((await get(otherTop, `/api/term-info/operation?id=${topOp.id}`)).statusCode).toBe(404);
    expect((await get(grandchild, `/api/term-info/operation?id=${topOp.id}`)).statusCode).toBe(404);
  });
});

describe('scale of a batch', () => {
  it('moves a 699-terminal range in one operation', async () => {
    const before = (await get(child, '/api/term-info/summary')).json().data.own.total;
    const res = (
      await post(top, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.child.id,
        startSn: 'LD00000301',
        endSn: 'LD00000999',
      })
    ).json();
    expect(res).toMatchObject({ code: 200, data: { count: 699 } });
    const [items] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM terminal_operation_items WHERE operation_id = ${res.data.operationId}`,
    );
    expect(Number(items!.n)).toBe(699);
    const summary = (await get(child, '/api/term-info/summary')).json().data;
    expect(summary.own.total).toBe(before + 699);
  });
});
