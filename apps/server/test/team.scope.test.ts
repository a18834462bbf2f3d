import { describe, expect, it } from 'vitest';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app, demo } = ctx;

const tokens = {
  top: await loginAs(app, DEMO_ACCOUNTS.top.mobile),
  child: await loginAs(app, DEMO_ACCOUNTS.child.mobile),
  grandchild: await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile),
  otherTop: await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile),
  operator: await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password),
};

const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });

/** A sibling of the demo child: another direct sub-agent of the demo top (seeded by seed-team). */
const sibling = async () => {
  const res = await get(tokens.top, '/api/ag/myAgent/list?sort=createdAt&pageSize=50');
  const ids = (res.json().data.rows as { id: number }[]).map((r) => r.id);
  const id = ids.find((i) => i !== demo.child.id);
  expect(id).toBeDefined();
  return id!;
};

describe('team data scope: an agent sees only its own subtree', () => {
  it('lists the direct sub-agents of the caller and of agents below it', async () => {
    const top = (await get(tokens.top, '/api/ag/myAgent/list?pageSize=50')).json();
    expect(top.code).toBe(200);
    const topIds = top.data.rows.map((r: { id: number }) => r.id);
    expect(topIds).toContain(demo.child.id);
    expect(topIds).not.toContain(demo.grandchild.id);
    expect(topIds).not.toContain(demo.otherTop.id);
    expect(top.data.crumbs).toEqual([{ id: demo.top.id, name: DEMO_ACCOUNTS.top.name }]);

    // Down the tree: the child's own team, with the way back up to the caller and no further.
    const down = (await get(tokens.top, `/api/ag/myAgent/list?parentId=${demo.child.id}`)).json();
    expect(down.code).toBe(200);
    expect(down.data.rows.map((r: { id: number }) => r.id)).toContain(demo.grandchild.id);
    expect(down.data.crumbs.map((c: { id: number }) => c.id)).toEqual([demo.top.id, demo.child.id]);

    const fromChild = (
      await get(tokens.child, `/api/ag/myAgent/list?parentId=${demo.grandchild.id}`)
    ).json();
    expect(fromChild.data.crumbs.map((c: { id: number }) => c.id)).toEqual([
      demo.child.id,
      demo.grandchild.id,
    ]);
    expect(fromChild.data.rows).toEqual([]);
  });

  it('never shows a parent, a sibling or the other tree, whatever id is sent', async () => {
    const siblingId = await sibling();
    const outside = [demo.top.id, siblingId, demo.otherTop.id, demo.operator.id];
    const missing = (await get(tokens.child, '/api/ag/myAgent/detail?id=987654321')).json();
    expect(missing).toMatchObject({ code: 404, msg: '数据不存在' });
    for (const id of outside) {
      for (const url of [
        `/api/ag/myAgent/list?parentId=${id}`,
        `/api/ag/myAgent/detail?id=${id}`,
        `/api/ag/myAgent/stats?id=${id}`,
        `/api/ag/my/center/dept?id=${id}`,
      ]) {
        const res = await get(tokens.child, url);
        // Exactly what an id that does not exist gets: nothing tells the caller it is there.
        expect(res.statusCode, url).toBe(404);
        expect(res.json(), url).toEqual({ code: 404, msg: '数据不存在', err: 'NOT_FOUND' });
      }
    }
    // The other tree's top cannot reach into the first tree either.
    for (const id of [demo.top.id, demo.child.id, demo.grandchild.id]) {
      expect((await get(tokens.otherTop, `/api/ag/myAgent/detail?id=${id}`)).statusCode).toBe(404);
      expect((await get(tokens.otherTop, `/api/ag/myAgent/list?parentId=${id}`)).statusCode).toBe(
        404,
      );
    }
    // A leaf agent sees only itself.
    expect(
      (await get(tokens.grandchild, `/api/ag/myAgent/detail?id=${demo.child.id}`)).statusCode,
    ).toBe(404);
    const own = (
      await get(tokens.grandchild, `/api/ag/myAgent/detail?id=${demo.grandchild.id}`)
    ).json();
    expect(own.data).toMatchObject({ id: demo.grandchild.id, isSelf: true, isDirect: false });
  });

  it('keeps every list and total inside the subtree', async () => {
    const dept = (await get(tokens.child, '/api/ag/my/center/dept')).json();
    expect(dept.code).toBe(200);
    const childIds = dept.data.children.map((c: { id: number }) => c.id);
    expect(childIds).toContain(demo.grandchild.id);
    expect(childIds).not.toContain(demo.child.id);
    // The child's subtree: the grandchild and one more seeded sub-agent, nobody from above.
    expect(dept.data.totals.teamSize).toBe(
      dept.data.children.reduce((n: number, c: { teamSize: number }) => n + c.teamSize + 1, 0),
    );

    const otherDept = (await get(tokens.otherTop, '/api/ag/my/center/dept')).json();
    const topDept = (await get(tokens.top, '/api/ag/my/center/dept')).json();
    const otherIds = otherDept.data.children.map((c: { id: number }) => c.id);
    const topIds = topDept.data.children.map((c: { id: number }) => c.id);
    expect(otherIds.some((id: number) => topIds.includes(id))).toBe(false);
  });

  it('lets a platform operator look into any tree, but operators themselves are not agents', async () => {
    const res = (
      await get(tokens.operator, `/api/ag/myAgent/detail?id=${demo.grandchild.id}`)
    ).json();
    expect(res.code).toBe(200);
    // Operators are the company's staff and see agents in full (decision 010).
    expect(res.data.name).toBe('王小二');
    expect(
      (await get(tokens.operator, `/api/ag/myAgent/detail?id=${demo.operator.id}`)).statusCode,
    ).toBe(404);
    expect((await get(tokens.operator, '/api/ag/myAgent/list')).statusCode).toBe(404);
  });

  it('refuses the team calls without a token', async () => {
    const res = await app.inject({ method: 'GET', url: '/prod-api/api/ag/myAgent/list' });
    expect(res.statusCode).toBe(401);
  });
});
