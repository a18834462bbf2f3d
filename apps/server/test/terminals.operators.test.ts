import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const { app, demo, database } = await createTestContext();
const db = database.db;
const operator = await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password);
const top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);

const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/prod-api${url}`, payload, headers: bearer(token) });

/** The word a refusal uses for a terminal's bind state (other seeds may activate bound ones). */
async function stateWord(sn: string) {
  const [r] = await rows<{ bind_status: unknown }>(
    db,
    sql`SELECT bind_status FROM terminals WHERE sn = ${sn}`,
  );
  return Number(r!.bind_status) === 3 ? '已激活' : '已绑定';
}
const terminalCount = async () =>
  Number(
    (
      await rows<{ n: unknown }>(
        db,
        sql`SELECT count(*) AS n FROM terminals WHERE deleted_at IS NULL`,
      )
    )[0]!.n,
  );
async function row(sn: string) {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT holder_agent_id, brand_id, model, deleted_at, policy_id FROM terminals WHERE sn = ${sn}`,
  );
  return (
    r && {
      holder: r.holder_agent_id === null ? null : Number(r.holder_agent_id),
      brandId: Number(r.brand_id),
      model: String(r.model),
      deleted: r.deleted_at !== null,
      policyId: r.policy_id === null ? null : Number(r.policy_id),
    }
  );
}

const brands = (await get(top, '/api/term-info/brandList')).json().data as {
  id: number;
  name: string;
  models: string[];
}[];
const ld = brands.find((b) => b.name === '联迪')!;
const xn = brands.find((b) => b.name === '新大陆')!;
const policies = (await get(operator, `/api/term-info/policyOptions?brandId=${ld.id}`)).json()
  .data as { id: number }[];

describe('brands', () => {
  it('lists brands with their models to every signed-in caller', async () => {
    expect(brands.map((b) => [b.name, b.models])).toEqual([
      ['联迪', ['A8', 'E350']],
      ['新大陆', ['ME31', 'N910']],
    ]);
    expect(
      (await app.inject({ method: 'GET', url: '/prod-api/api/term-info/brandList' })).statusCode,
    ).toBe(401);
    expect(policies).toHaveLength(1);
  });

  it('lets operators define a brand, once', async () => {
    const res = (
      await post(operator, '/api/term-info/brand', { name: '拉卡拉', models: ['Q1', 'Q1', 'Q2'] })
    ).json();
    expect(res).toMatchObject({ code: 200, data: { name: '拉卡拉', models: ['Q1', 'Q2'] } });
    expect(
      (await post(operator, '/api/term-info/brand', { name: '拉卡拉', models: ['Q1'] })).json(),
    ).toMatchObject({ code: 409, msg: '品牌已存在' });
    expect(
      (await post(top, '/api/term-info/brand', { name: '某品牌', models: ['Q1'] })).statusCode,
    ).toBe(403);
  });
});

describe('import', () => {
  it('imports an SN range into platform stock with brand, model and policy', async () => {
    const before = await terminalCount();
    const res = (
      await post(operator, '/api/term-info/import', {
        brandId: ld.id,
        model: 'E350',
        policyId: policies[0]!.id,
        startSn: 'LD00100001',
        endSn: 'LD00100500',
        serviceFeeFen: 9900,
      })
    ).json();
    expect(res).toMatchObject({ code: 200, msg: '成功导入500台终端', data: { count: 500 } });
    expect(await terminalCount()).toBe(before + 500);
    expect(await row('LD00100250')).toEqual({
      holder: null,
      brandId: ld.id,
      model: 'E350',
      deleted: false,
      policyId: policies[0]!.id,
    });
    // Platform stock is the operators' own: agents do not see it.
    expect((await get(top, '/api/term-info/info?sn=LD00100250')).statusCode).toBe(404);
    expect((await get(operator, '/api/term-info/info?sn=LD00100250')).json().data).toMatchObject({
      holderName: '平台',
      own: true,
    });
  });

  it('refuses duplicates, a model of another brand and a foreign policy, importing nothing', async () => {
    const before = await terminalCount();
    const dup = (
      await post(operator, '/api/term-info/import', {
        brandId: ld.id,
        model: 'A8',
        startSn: 'LD00100495',
        endSn: 'LD00100510',
      })
    ).json();
    expect(dup).toMatchObject({ code: 400, msg: 'SN LD00100495 已存在', field: 'startSn' });
    const listDup = (
      await post(operator, '/api/term-info/import', {
        brandId: ld.id,
        model: 'A8',
        sns: ['LD00200001', 'LD00000001'],
      })
    ).json();
    expect(listDup).toMatchObject({ code: 400, msg: 'SN LD00000001 已存在' });
    const model = (
      await post(operator, '/api/term-info/import', {
        brandId: ld.id,
        model: 'ME31',
        sns: ['LD00200001'],
      })
    ).json();
    expect(model).toMatchObject({ code: 400, msg: '型号 ME31 不属于品牌 联迪', field: 'model' });
    const policy = (
      await post(operator, '/api/term-info/import', {
        brandId: xn.id,
        model: 'ME31',
        policyId: policies[0]!.id,
        sns: ['XN00200001'],
      })
    ).json();
    expect(policy).toMatchObject({ code: 400, msg: '政策不属于该品牌' });
    expect(await terminalCount()).toBe(before);
    expect(await row('LD00200001')).toBeUndefined();
  });

  it('imports CSV, naming the line of the first problem', async () => {
    const csv = [
      'sn,brand,model,policy',
      'XN00300001,新大陆,ME31,',
      `XN00300002,${xn.id},N910,新大陆标准政策`,
      '"XN00300003","新大陆","ME31",',
    ].join('\n');
    const res = (await post(operator, '/api/term-info/importCsv', { csv })).json();
    expect(res).toMatchObject({ code: 200, data: { count: 3 } });
    expect(await row('XN00300002')).toMatchObject({ model: 'N910', brandId: xn.id });

    const before = await terminalCount();
    const bad = [
      [
        'sn,brand,model\nXN00300010,新大陆,ME31\nXN00300011,新大陆,A8',
        '第3行：型号 A8 不属于品牌 新大陆',
      ],
      [
        'sn,brand,model\nXN00300010,新大陆,ME31\nxn00300010,新大陆,ME31',
        '第3行：SN XN00300010 与第2行重复',
      ],
      ['sn,brand,model\nXN00300010,某品牌,ME31', '第2行：品牌 某品牌 不存在'],
      [
        'sn,brand,model\nXN00300010,新大陆,ME31\nXN00300001,新大陆,ME31',
        '第3行：SN XN00300001 已存在',
      ],
      ['serial,brand\nXN00300010,新大陆', 'CSV表头须包含 sn、brand、model 列'],
      ['sn,brand,model\nX-1,新大陆,ME31', '第2行：SN X-1 格式错误，应为4-32位字母或数字'],
    ];
    for (const [text, msg] of bad) {
      expect(
        (await post(operator, '/api/term-info/importCsv', { csv: text })).json(),
      ).toMatchObject({ code: 400, msg });
    }
    expect(await terminalCount()).toBe(before);
  });

  it('is for operators only', async () => {
    const res = await post(top, '/api/term-info/import', {
      brandId: ld.id,
      model: 'A8',
      sns: ['LD00200002'],
    });
    expect(res.statusCode).toBe(403);
    expect(await row('LD00200002')).toBeUndefined();
  });
});

describe('platform moves', () => {
  it('allocates platform stock to a top-level agent only', async () => {
    const notTop = (
      await post(operator, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.child.id,
        sns: ['LD00005001'],
      })
    ).json();
    expect(notTop).toMatchObject({ code: 400, msg: '平台只能下发给一级代理商' });
    const res = (
      await post(operator, '/api/term-info/operate', {
        type: 0,
        toAgentId: demo.top.id,
        startSn: 'LD00005001',
        endSn: 'LD00005020',
      })
    ).json();
    expect(res).toMatchObject({ code: 200, data: { count: 20, status: 1 } });
    expect((await row('LD00005020'))!.holder).toBe(demo.top.id);
    const topRecords = (await get(top, '/api/term-info/operations?role=incoming&pageSize=1')).json()
      .data.rows[0];
    expect(topRecords).toMatchObject({
      id: res.data.operationId,
      operator: { name: '平台' },
      counterparty: { name: '平台' },
    });
  });

  it('reclaims unbound terminals from any holder into platform stock, all or nothing', async () => {
    const bound = (
      await post(operator, '/api/term-info/reclaim', { sns: ['LD00001600', 'LD00001501'] })
    ).json();
    expect(bound).toMatchObject({ code: 400, msg: 'SN LD00001501 已激活，不能回收' });
    const platform = (
      await post(operator, '/api/term-info/reclaim', { sns: ['LD00005100'] })
    ).json();
    expect(platform).toMatchObject({ code: 400, msg: 'SN LD00005100 已在平台库存中，无需回收' });
    const missing = (
      await post(operator, '/api/term-info/reclaim', { sns: ['LD09999999'] })
    ).json();
    expect(missing).toMatchObject({ code: 404, msg: 'SN LD09999999 不存在' });
    expect((await row('LD00001600'))!.holder).toBe(demo.child.id);

    const res = (
      await post(operator, '/api/term-info/reclaim', {
        sns: ['LD00001600', 'LD00001850', 'LD00000500'],
        reason: '故障机',
      })
    ).json();
    expect(res).toMatchObject({ code: 200, data: { count: 3 } });
    expect((await row('LD00001600'))!.holder).toBeNull();
    // Each former holder sees what left its stock.
    const childRecord = (await get(child, '/api/term-info/operations?type=5')).json().data.rows;
    expect(childRecord).toHaveLength(1);
    expect(childRecord[0]).toMatchObject({ count: 1, firstSn: 'LD00001600', reason: '故障机' });
    expect((await post(top, '/api/term-info/reclaim', { sns: ['LD00000501'] })).statusCode).toBe(
      403,
    );
  });

  it('deletes unbound terminals, keeping their history', async () => {
    const bound = (
      await post(operator, '/api/term-info/delete', { startSn: 'LD00000195', endSn: 'LD00000205' })
    ).json();
    expect(bound).toMatchObject({
      code: 400,
      msg: `SN LD00000195 ${await stateWord('LD00000195')}，不能删除`,
    });
    expect((await row('LD00000201'))!.deleted).toBe(false);
    const before = (await get(top, '/api/term-info/summary')).json().data.all.total;
    const res = (
      await post(operator, '/api/term-info/delete', { startSn: 'LD00000201', endSn: 'LD00000205' })
    ).json();
    expect(res).toMatchObject({ code: 200, data: { count: 5 } });
    expect((await row('LD00000203'))!.deleted).toBe(true);
    expect((await get(top, '/api/term-info/summary')).json().data.all.total).toBe(before - 5);
    expect((await get(top, '/api/term-info/info?sn=LD00000203')).statusCode).toBe(404);
    const again = (await post(operator, '/api/term-info/delete', { sns: ['LD00000203'] })).json();
    expect(again).toMatchObject({ code: 404, msg: 'SN LD00000203 不存在' });
    const [items] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM terminal_operation_items i JOIN terminals t ON t.id = i.terminal_id WHERE t.sn = 'LD00000203'`,
    );
    expect(Number(items!.n)).toBeGreaterThanOrEqual(2);
    expect((await post(top, '/api/term-info/delete', { sns: ['LD00000206'] })).statusCode).toBe(
      403,
    );
  });

  it('modifies the brand of unbound stock, all or nothing, with a dry run', async () => {
    const dry = (
      await post(operator, '/api/term-info/brandModification', {
        brandId: xn.id,
        model: 'N910',
        startSn: 'LD00000601',
        endSn: 'LD00000610',
        dryRun: true,
      })
    ).json();
    expect(dry).toMatchObject({ code: 200, msg: '共10台终端可修改', data: { count: 10 } });
    expect((await row('LD00000605'))!.brandId).toBe(ld.id);
    const bound = (
      await post(operator, '/api/term-info/brandModification', {
        brandId: xn.id,
        model: 'N910',
        sns: ['LD00000601', 'LD00000100'],
      })
    ).json();
    expect(bound).toMatchObject({
      code: 400,
      msg: `SN LD00000100 ${await stateWord('LD00000100')}，不能修改品牌`,
    });
    expect((await row('LD00000601'))!.brandId).toBe(ld.id);
    const xnBefore = (await get(top, '/api/term-info/summary'))
      .json()
      .data.byBrand.find((b: { brandName: string }) => b.brandName === '新大陆').total;
    const res = (
      await post(operator, '/api/term-info/brandModification', {
        brandId: xn.id,
        model: 'N910',
        startSn: 'LD00000601',
        endSn: 'LD00000610',
      })
    ).json();
    expect(res).toMatchObject({ code: 200, data: { count: 10 } });
    expect(await row('LD00000605')).toMatchObject({ brandId: xn.id, model: 'N910' });
    const summary = (await get(top, '/api/term-info/summary')).json().data;
    expect(summary.byBrand.find((b: { brandName: string }) => b.brandName === '新大陆').total).toBe(
      xnBefore + 10,
    );
    expect(
      (
        await post(top, '/api/term-info/brandModification', {
          brandId: xn.id,
          model: 'N910',
          sns: ['LD00000611'],
        })
      ).statusCode,
    ).toBe(403);
  });

  it('operators see every tree', async () => {
    const summary = (await get(operator, '/api/term-info/summary')).json().data;
    expect(summary.all.total).toBeGreaterThan(3000);
    const list = (await get(operator, '/api/term-info/list?sn=LD00002001')).json().data.rows;
    expect(list[0]).toMatchObject({ sn: 'LD00002001', holderAgentId: demo.otherTop.id });
    const breakdown = (await get(operator, '/api/term-info/teamBreakdown')).json().data;
    expect(breakdown.children.map((c: { agentId: number }) => c.agentId)).toEqual(
      expect.arrayContaining([demo.top.id, demo.otherTop.id]),
    );
  });
});
