import type { FeeChangeDetail, FeeChangeItem, FeeTerminal } from '@pos/core';
import { sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { acquirerFor } from '../src/providers/acquirer/acquirer';
import type { SimulatedAcquirer } from '../src/providers/acquirer/simulated-acquirer';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// Answers at once; a communication fee of 48 yuan is refused, so failure can be shown.
const ctx = await createTestContext({ acquirerSimDelayMs: 0, acquirerSimFailPattern: '^4800$' });
const { app } = ctx;
const sim = () => acquirerFor(app) as SimulatedAcquirer;
// A test that failed while holding the answers does not hold up the next.
afterEach(() => sim().release());

interface Envelope<T = unknown> {
  code: number;
  msg: string;
  data: T;
  field?: string;
}
async function call<T = unknown>(
  token: string,
  method: 'GET' | 'POST',
  url: string,
  payload?: unknown,
) {
  const res = await app.inject({
    method,
    url: `/prod-api${url}`,
    headers: bearer(token),
    payload: payload as object,
  });
  return res.json() as Envelope<T>;
}
const apply = (token: string, body: object) =>
  call<{ id: number; count: number }>(token, 'POST', '/api/ag/fee/change/apply', body);
const feeOf = async (sn: string) => {
  const [t] = await rows<{ service_fee_fen: unknown; comm_fee_fen: unknown }>(
    app.db,
    sql`SELECT service_fee_fen, comm_fee_fen FROM terminals WHERE sn = ${sn}`,
  );
  return { service: Number(t!.service_fee_fen), comm: Number(t!.comm_fee_fen) };
};
const countChanges = async () =>
  Number((await rows<{ n: unknown }>(app.db, sql`SELECT count(*) AS n FROM fee_changes`))[0]!.n);

let top: string, child: string, otherTop: string;
beforeAll(async () => {
  [top, child, otherTop] = await Promise.all([
    loginAs(app, DEMO_ACCOUNTS.top.mobile),
    loginAs(app, DEMO_ACCOUNTS.child.mobile),
    loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
  ]);
});

describe('fee changes', () => {
  it('lists the unbound terminals the caller holds, marking those with a change in flight', async () => {
    const res = await call<{ rows: FeeTerminal[]; nextCursor: string | null }>(
      top,
      'GET',
      '/api/ag/fee/change/terminals?kind=1&pageSize=50',
    );
    expect(res.data.rows).toHaveLength(50);
    expect(res.data.nextCursor).not.toBeNull();
    expect(res.data.rows.every((t) => t.policyName)).toBe(true);
    // The seed has a service fee change in flight for LD00001016-1020.
    const all: FeeTerminal[] = [];
    let cursor: string | null = null;
    do {
      const page: Envelope<{ rows: FeeTerminal[]; nextCursor: string | null }> = await call(
        top,
        'GET',
        `/api/ag/fee/change/terminals?kind=1&pageSize=50${cursor ? `&cursor=${cursor}` : ''}`,
      );
      all.push(...page.data.rows);
      cursor = page.data.nextCursor;
    } while (cursor && all.length < 3000);
    expect(all.find((t) => t.sn === 'LD00001016')?.pending).toBe(true);
    expect(all.find((t) => t.sn === 'LD00001100')?.pending).toBe(false);
    expect(all.some((t) => t.sn === 'LD00000001')).toBe(false);
  });

  it('changes the service fee of an SN range: applying, then done, and the terminals carry it', async () => {
    // Answers come at once; held, the change is seen while it is still applying.
    sim().hold();
    const res = await apply(top, {
      kind: 1,
      startSn: 'LD00001100',
      endSn: 'LD00001104',
      feeFen: 29900,
    });
    expect(res).toMatchObject({ code: 200, data: { count: 5 } });
    const pending = await call<FeeChangeDetail>(
      top,
      'GET',
      `/api/ag/fee/change/info?id=${res.data.id}`,
    );
    expect(pending.data).toMatchObject({
      status: 0,
      count: 5,
      newFeeFen: 29900,
      firstSn: 'LD00001100',
      lastSn: 'LD00001104',
      snRuns: [{ first: 'LD00001100', last: 'LD00001104', count: 5 }],
      runCount: 1,
    });
    expect(pending.data.items).toHaveLength(5);
    sim().release();
    await sim().idle();
    const done = await call<FeeChangeDetail>(
      top,
      'GET',
      `/api/ag/fee/change/info?id=${res.data.id}`,
    );
    expect(done.data.status).toBe(2);
    expect((await feeOf('LD00001102')).service).toBe(29900);
    // One terminal's history.
    const history = await call<{ rows: FeeChangeItem[] }>(
      top,
      'GET',
      '/api/ag/fee/change/list?sn=ld00001102',
    );
    expect(history.data.rows.map((r) => r.id)).toEqual([res.data.id]);
  });

  it('changes the communication fee of an SN list, and fails it with the acquirer reason', async () => {
    // The demo stock of even SNs carries the 36 yuan SIM fee; this acquirer refuses 48 yuan.
    expect((await feeOf('LD00001110')).comm).toBe(3600);
    const res = await apply(top, { kind: 2, sns: ['LD00001110', 'LD00001112'], feeFen: 4800 });
    expect(res).toMatchObject({ code: 200, data: { count: 2 } });
    await sim().idle();
    const after = await call<FeeChangeDetail>(
      top,
      'GET',
      `/api/ag/fee/change/info?id=${res.data.id}`,
    );
    expect(after.data).toMatchObject({
      status: 3,
      reason: '收单机构拒绝：费用档位不符合报备要求',
      kind: 2,
    });
    expect(after.data.items).toEqual([
      { sn: 'LD00001110', oldFeeFen: 3600, newFeeFen: 4800 },
      { sn: 'LD00001112', oldFeeFen: 3600, newFeeFen: 4800 },
    ]);
    // Two SNs that are not neighbours are never shown as a range.
    const listed = await call<{ rows: FeeChangeItem[] }>(top, 'GET', '/api/ag/fee/change/list');
    expect(listed.data.rows.find((r) => r.id === res.data.id)).toMatchObject({
      snRuns: [
        { first: 'LD00001110', last: 'LD00001110', count: 1 },
        { first: 'LD00001112', last: 'LD00001112', count: 1 },
      ],
      runCount: 2,
    });
    expect((await feeOf('LD00001110')).comm).toBe(3600);
    // Nothing changed, so the same terminals may be asked again at once.
    expect((await apply(top, { kind: 2, sns: ['LD00001110'], feeFen: 6000 })).code).toBe(200);
    await sim().idle();
    expect((await feeOf('LD00001110')).comm).toBe(6000);
  });

  it('refuses a whole batch for one ineligible terminal, naming it, and records nothing', async () => {
    const n = await countChanges();
    const cases: [object, string][] = [
      [
        { kind: 1, sns: ['LD00001120', 'LD00000001'], feeFen: 29900 },
        '终端LD00000001已绑定商户，只能修改未绑定终端的服务费',
      ],
      [
        { kind: 1, sns: ['LD00001120', 'LD00001600'], feeFen: 29900 },
        '终端LD00001600不在您的库存中',
      ],
      [{ kind: 1, sns: ['LD00001120', 'LD00002100'], feeFen: 29900 }, '终端LD00002100不存在'],
      [{ kind: 1, sns: ['LD00001120', 'ZZ99999999'], feeFen: 29900 }, '终端ZZ99999999不存在'],
      [
        { kind: 1, sns: ['LD00001016'], feeFen: 9900 },
        '终端LD00001016已有进行中的服务费变更，请等待处理完成',
      ],
      [
        { kind: 1, sns: ['LD00001120'], feeFen: 5000 },
        '终端LD00001120的政策没有50.00元的服务费档位',
      ],
      [
        { kind: 1, startSn: 'LD00001120', endSn: 'XN00001125', feeFen: 9900 },
        '起止SN前缀不一致：LD00001120 与 XN00001125，号段不能跨前缀',
      ],
    ];
    for (const [body, msg] of cases) {
      const res = await apply(top, body);
      expect(res, msg).toMatchObject({ code: 400, msg });
    }
    const same = await feeOf('LD00001121');
    expect(await apply(top, { kind: 1, sns: ['LD00001121'], feeFen: same.service })).toMatchObject({
      code: 400,
      msg: `终端LD00001121的服务费已是${(same.service / 100).toFixed(2)}元`,
    });
    expect(await countChanges()).toBe(n);
  });

  it('shows fee changes to the subtree only', async () => {
    const mine = await call<{ rows: FeeChangeItem[] }>(top, 'GET', '/api/ag/fee/change/list');
    expect(mine.data.rows.length).toBeGreaterThan(3);
    const statuses = new Set(mine.data.rows.map((r) => r.status));
    expect([...statuses].sort()).toEqual([0, 1, 2, 3]);
    const id = mine.data.rows[0]!.id;
    expect((await call(child, 'GET', `/api/ag/fee/change/info?id=${id}`)).code).toBe(404);
    expect((await call(otherTop, 'GET', `/api/ag/fee/change/info?id=${id}`)).code).toBe(404);
    expect(
      (await call<{ rows: unknown[] }>(otherTop, 'GET', '/api/ag/fee/change/list')).data.rows,
    ).toEqual([]);
    const services = await call<{ rows: FeeChangeItem[] }>(
      top,
      'GET',
      '/api/ag/fee/change/list?kind=2',
    );
    expect(services.data.rows.every((r) => r.kind === 2)).toBe(true);
  });
});
