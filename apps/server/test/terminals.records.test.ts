import { snRuns } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const { app, demo, database } = await createTestContext();
const db = database.db;
const top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
const otherTop = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);

const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/prod-api${url}`, payload, headers: bearer(token) });

async function holderOf(sn: string) {
  const [r] = await rows<{ holder_agent_id: unknown; bind_status: unknown }>(
    db,
    sql`SELECT holder_agent_id, bind_status FROM terminals WHERE sn = ${sn}`,
  );
  return r ? { holder: Number(r.holder_agent_id), bindStatus: Number(r.bind_status) } : null;
}
const operationCount = async () =>
  Number(
    (await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM terminal_operations`))[0]!.n,
  );

describe('operation records name the SNs that moved', () => {
  it('shows SNs 5002, 5004 and 5006 as three runs, never as a range over 5003 and 5005', async () => {
    // Three of the top agent's unbound terminals with gaps between them.
    const own = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE holder_agent_id = ${demo.top.id} AND bind_status = 0
            AND deleted_at IS NULL AND pending_operation_id IS NULL AND sn LIKE 'LD%'
          ORDER BY sn LIMIT 40`,
    );
    const picked = [own[0]!.sn, own[2]!.sn, own[4]!.sn, own[5]!.sn];
    const moved = (
      await post(top, '/api/term-info/operate', { type: 0, toAgentId: demo.child.id, sns: picked })
    ).json();
    expect(moved).toMatchObject({ code: 200, data: { count: 4 } });
    const expected = snRuns(picked);
    expect(expected.length).toBeGreaterThan(1);

    for (const token of [top, child]) {
      const list = (await get(token, '/api/term-info/operations?type=0')).json();
      const record = list.data.rows.find((r: { id: number }) => r.id === moved.data.operationId);
      expect(record).toBeDefined();
      expect(record.snRuns).toEqual(expected);
      expect(record.runCount).toBe(expected.length);
      // Every SN a run spans moved.
      const spanned = record.snRuns.flatMap((r: { first: string; last: string }) =>
        picked.filter((s) => s >= r.first && s <= r.last),
      );
      expect(spanned.sort()).toEqual([...picked].sort());
      const info = (
        await get(token, `/api/term-info/operation?id=${moved.data.operationId}`)
      ).json();
      expect(info.data.record.snRuns).toEqual(expected);
    }
  });

  it('shows a range operation as one run and caps the runs a record carries', async () => {
    const own = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE holder_agent_id = ${demo.top.id} AND bind_status = 0
            AND deleted_at IS NULL AND pending_operation_id IS NULL AND sn LIKE 'LD%'
          ORDER BY sn LIMIT 60`,
    );
    const every = own.map((r) => r.sn);
    // Five isolated SNs: five runs, three carried, the count says five.
    const scattered = [every[10]!, every[12]!, every[14]!, every[16]!, every[18]!];
    const res = (
      await post(top, '/api/term-info/operate', {
        type: 1,
        toAgentId: demo.grandchild.id,
        sns: scattered,
      })
    ).json();
    expect(res.code).toBe(200);
    const info = (await get(top, `/api/term-info/operation?id=${res.data.operationId}`)).json();
    expect(info.data.record.runCount).toBe(snRuns(scattered).length);
    expect(info.data.record.snRuns).toEqual(snRuns(scattered).slice(0, 3));
  });
});

describe('a refused SN says why', () => {
  it('names the reason for each refusal and changes nothing', async () => {
    const [childStock] = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE holder_agent_id = ${demo.child.id} AND bind_status = 0
            AND deleted_at IS NULL ORDER BY sn LIMIT 1`,
    );
    const [bound] = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE holder_agent_id = ${demo.top.id} AND bind_status = 1
            AND deleted_at IS NULL ORDER BY sn LIMIT 1`,
    );
    const [otherTree] = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE top_id <> ${demo.top.id} AND deleted_at IS NULL
          ORDER BY sn LIMIT 1`,
    );
    const [parents] = await rows<{ sn: string }>(
      db,
      sql`SELECT sn FROM terminals WHERE holder_agent_id = ${demo.top.id} AND bind_status = 0
            AND deleted_at IS NULL AND pending_operation_id IS NULL ORDER BY sn DESC LIMIT 1`,
    );
    const before = await operationCount();
    const allocate = (token: string, toAgentId: number, sns: string[]) =>
      post(token, '/api/term-info/operate', { type: 0, toAgentId, sns }).then((r) => r.json());

    // A sub-agent's terminal: whose stock it is in.
    const sub = await allocate(top, demo.child.id, [childStock!.sn]);
    expect(sub).toMatchObject({ code: 400, field: 'sns' });
    expect(sub.msg).toMatch(
      new RegExp(`^SN ${childStock!.sn} 在代理商 .+ 的库存中，不在您的库存中，不能下发$`),
    );
    if (bound) {
      expect(await allocate(top, demo.child.id, [bound.sn])).toMatchObject({
        code: 400,
        msg: `SN ${bound.sn} 已绑定，不能下发`,
      });
    }
    // The parent's terminal, named by a child: it exists, but is not the child's or its team's.
    const up = await allocate(child, demo.grandchild.id, [parents!.sn]);
    expect(up).toMatchObject({
      code: 400,
      field: 'sns',
      msg: `SN ${parents!.sn} 不是您或您团队的终端，不能下发`,
    });
    // Another tree's terminal and an SN nobody has read alike, so nothing outside is revealed.
    const outside = await allocate(top, demo.child.id, [otherTree!.sn]);
    const nowhere = await allocate(top, demo.child.id, ['LD99999999']);
    expect(outside).toMatchObject({
      code: 400,
      msg: `SN ${otherTree!.sn} 不是您或您团队的终端，不能下发`,
    });
    expect(nowhere).toMatchObject({
      code: 400,
      msg: 'SN LD99999999 不是您或您团队的终端，不能下发',
    });
    // A range over the parent's stock says the same, not "does not exist".
    const ranged = (
      await post(child, '/api/term-info/preview', {
        type: 0,
        toAgentId: demo.grandchild.id,
        startSn: parents!.sn,
        endSn: parents!.sn,
      })
    ).json();
    expect(ranged.msg).toBe(`SN ${parents!.sn} 不是您或您团队的终端，不能下发`);
    // A recall from the other tree's SN.
    const recall = (
      await post(otherTop, '/api/term-info/preview', { type: 2, sns: [childStock!.sn] })
    ).json();
    expect(recall).toMatchObject({
      code: 400,
      msg: `SN ${childStock!.sn} 不在您团队的库存中，不能回拨`,
    });

    expect(await operationCount()).toBe(before);
    expect((await holderOf(childStock!.sn))!.holder).toBe(demo.child.id);
    expect((await holderOf(parents!.sn))!.holder).toBe(demo.top.id);
  });
});
