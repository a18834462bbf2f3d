import { idCardCheckDigit } from '@pos/core';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { agents } from '../src/db/schema';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app, demo, database } = ctx;
const db = database.db;
const topToken = await loginAs(app, DEMO_ACCOUNTS.top.mobile);

/** A valid mainland ID number: a Beijing region code, a birth date, a serial, the check digit. */
const idCard = (serial: string) => {
  const first17 = `11010519900307${serial}`;
  return first17 + idCardCheckDigit(first17)!;
};

const add = (token: string, payload: object) =>
  app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/myAgent/add',
    payload,
    headers: bearer(token),
  });
const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
const agentCount = async () =>
  Number((await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM agents`))[0]!.n);

describe('POST /api/ag/myAgent/add', () => {
  it('creates a direct sub-agent who signs in with the initial password and must change it', async () => {
    const card = idCard('123');
    const res = await add(topToken, {
      name: '黄晓明',
      mobile: '13611110001',
      idCard: card,
      level: 2,
    });
    const body = res.json();
    expect(body).toMatchObject({
      code: 200,
      msg: '添加成功',
      data: { name: '黄晓明', level: 2, levelName: 'V2' },
    });
    const password: string = body.data.initialPassword;
    expect(password).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(password).toMatch(/[A-Za-z]/);
    expect(password).toMatch(/\d/);

    // Stored: under the caller, the ID card encrypted and masked, never the password itself.
    const [row] = await db.select().from(agents).where(eq(agents.mobile, '13611110001'));
    expect(row).toMatchObject({
      parentId: demo.top.id,
      topId: demo.top.id,
      path: `${demo.top.path}${row!.id}/`,
      depth: demo.top.depth + 1,
      level: 2,
      mustChangePassword: true,
      realNameVerified: false,
      idCardMasked: `110105********${card.slice(-4)}`,
    });
    expect(row!.idCardEnc).not.toContain(card);
    expect(app.cipher.decrypt(row!.idCardEnc!)).toBe(card);
    expect(row!.passwordHash).not.toContain(password);

    // The parent sees the new agent in its list at once.
    const list = (await get(topToken, '/api/ag/myAgent/list?sort=createdAt&pageSize=5')).json();
    expect(list.data.rows[0]).toMatchObject({
      id: row!.id,
      // Its own new direct sub-agent, in full (decision 010).
      name: '黄晓明',
      mobile: '13611110001',
      teamSize: 0,
    });

    // The new agent signs in, is held at the password change, changes it and goes on.
    const login = (
      await app.inject({
        method: 'POST',
        url: '/prod-api/login/app',
        payload: { username: '13611110001', password },
      })
    ).json();
    expect(login).toMatchObject({ code: 200, mustChangePassword: true });
    const held = await get(login.token, '/api/ag/myAgent/list');
    expect(held.json()).toMatchObject({ code: 428, err: 'PASSWORD_CHANGE_REQUIRED' });
    const changed = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/my/center/changePwd',
      payload: { oldPassword: password, newPassword: 'newpass1' },
      headers: bearer(login.token),
    });
    expect(changed.json().code).toBe(200);
    const token = await loginAs(app, '13611110001', 'newpass1');
    const own = (await get(token, '/api/ag/myAgent/list')).json();
    expect(own).toMatchObject({
      code: 200,
      data: { rows: [], parent: { id: row!.id, name: '黄晓明' } },
    });
  });

  it('refuses a mobile already registered and creates nothing', async () => {
    const before = await agentCount();
    for (const mobile of [
      DEMO_ACCOUNTS.child.mobile,
      DEMO_ACCOUNTS.otherTop.mobile,
      DEMO_ACCOUNTS.operator.mobile,
    ]) {
      const res = await add(topToken, { name: '重复号', mobile, idCard: idCard('124'), level: 1 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 409, msg: '该手机号已注册', field: 'mobile' });
    }
    expect(await agentCount()).toBe(before);
  });

  it('checks the ID card, name and mobile with the spec messages and creates nothing', async () => {
    const before = await agentCount();
    const good = idCard('125');
    const wrongCheck = good.slice(0, 17) + (good[17] === '1' ? '2' : '1');
    const cases: [object, string, string][] = [
      [{ idCard: wrongCheck }, 'idCard', '证件号码校验位错误'],
      [{ idCard: '11010519900307' }, 'idCard', '证件号码长度不为18位'],
      [{ idCard: `99${good.slice(2)}` }, 'idCard', '地址编码错误'],
      [{ idCard: '' }, 'idCard', '证件号码不能为空'],
      [{ name: 'Tom' }, 'name', '姓名为2-4个汉字'],
      [{ mobile: '17012345678' }, 'mobile', '手机号码不正确，请使用真实手机号码注册'],
      [{ mobile: '1361111' }, 'mobile', '手机号码格式错误'],
    ];
    for (const [override, field, msg] of cases) {
      const res = await add(topToken, {
        name: '韩梅梅',
        mobile: '13611110002',
        idCard: good,
        level: 1,
        ...override,
      });
      expect(res.json(), msg).toMatchObject({ code: 400, field, msg });
    }
    expect(await agentCount()).toBe(before);
  });

  it('never gives a sub-agent a level above its parent', async () => {
    const before = await agentCount();
    const childToken = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
    const above = (
      await add(childToken, {
        name: '高级别',
        mobile: '13611110003',
        idCard: idCard('126'),
        level: 3,
      })
    ).json();
    expect(above).toMatchObject({
      code: 400,
      field: 'level',
      msg: '下级代理的等级不能高于自己的等级',
    });
    const unknown = (
      await add(topToken, {
        name: '无等级',
        mobile: '13611110003',
        idCard: idCard('126'),
        level: 9,
      })
    ).json();
    expect(unknown).toMatchObject({ code: 400, field: 'level', msg: '代理等级不存在' });
    expect(await agentCount()).toBe(before);

    // The same level as the parent's is allowed.
    const same = (
      await add(childToken, {
        name: '同级别',
        mobile: '13611110003',
        idCard: idCard('126'),
        level: 2,
      })
    ).json();
    expect(same.code).toBe(200);

    const levels = (await get(childToken, '/api/ag/myAgent/levels')).json();
    expect(levels.data.callerLevel).toBe(2);
    expect(levels.data.assignable.map((l: { level: number }) => l.level)).toEqual([1, 2]);
    expect(levels.data.levels.length).toBeGreaterThanOrEqual(3);
  });
});
