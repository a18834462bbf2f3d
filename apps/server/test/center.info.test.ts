import { AGENT_LEVEL_PARAM } from '@pos/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, systemParams } from '../src/db/schema';
import { getAgentLevels, levelName, parseAgentLevels } from '../src/lib/agent-levels';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app } = ctx;
const { db } = ctx.database;

const info = async (mobile: string, password?: string) => {
  const token = await loginAs(app, mobile, password);
  return app.inject({
    method: 'GET',
    url: '/prod-api/api/ag/my/center/info',
    headers: bearer(token),
  });
};

describe('GET /prod-api/api/ag/my/center/info', () => {
  it("answers the caller's profile with level name, parent name and a masked ID card", async () => {
    const idCard = '110105199001011234';
    await db
      .update(agents)
      .set({
        idCardEnc: app.cipher.encrypt(idCard),
        idCardMasked: '110105********1234',
        realNameVerified: true,
      })
      .where(eq(agents.id, ctx.demo.child.id));
    const res = await info(DEMO_ACCOUNTS.child.mobile);
    const body = res.json();
    expect(body).toMatchObject({
      code: 200,
      data: {
        info: {
          id: ctx.demo.child.id,
          mobile: DEMO_ACCOUNTS.child.mobile,
          name: DEMO_ACCOUNTS.child.name,
          level: 2,
          levelName: 'V2',
          inviteCode: DEMO_ACCOUNTS.child.inviteCode,
          parentId: ctx.demo.top.id,
          parentName: DEMO_ACCOUNTS.top.name,
          realNameVerified: true,
          idCardMasked: '110105********1234',
          isSpecificAccount: false,
          mustChangePassword: false,
          // The demo seed gives the child a pay password; the grandchild has none.
          hasPayPassword: true,
        },
      },
    });
    expect(Number.isNaN(Date.parse(body.data.info.createdAt))).toBe(false);
    const leaf = (await info(DEMO_ACCOUNTS.grandchild.mobile)).json();
    expect(leaf.data.info).toMatchObject({ hasPayPassword: false, realNameVerified: false });
    // Neither the whole ID card nor any hash or ciphertext leaves the server.
    expect(res.body).not.toContain(idCard);
    expect(res.body).not.toMatch(/scrypt|passwordHash|idCardEnc/);
  });

  it('answers a top-level agent without a parent', async () => {
    // The other tree's top: no parent and, unlike the demo top agent, no verified ID card.
    const body = (await info(DEMO_ACCOUNTS.otherTop.mobile)).json();
    expect(body.data.info).toMatchObject({
      parentId: null,
      parentName: null,
      levelName: 'V3',
      idCardMasked: null,
    });
  });

  it('needs a live token', async () => {
    const none = await app.inject({ method: 'GET', url: '/prod-api/api/ag/my/center/info' });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe(401);
    const token = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    await app.inject({ method: 'POST', url: '/prod-api/api/logout', headers: bearer(token) });
    const after = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/my/center/info',
      headers: bearer(token),
    });
    expect(after.statusCode).toBe(401);
  });
});

describe('agent_common_level', () => {
  it('is seeded as a public JSON list V1..V5 and read through the helper', async () => {
    const levels = await getAgentLevels(db);
    expect(levels.map((l) => l.name)).toEqual(['V1', 'V2', 'V3', 'V4', 'V5']);
    expect(levelName(levels, 4)).toBe('V4');
    expect(levelName(levels, 9)).toBe('V9');
    const res = await app.inject({
      method: 'GET',
      url: `/prod-api/api/ag/system/config/configKey/${AGENT_LEVEL_PARAM}`,
    });
    expect(JSON.parse(res.json().data)).toHaveLength(5);
  });

  it('validates the list', () => {
    expect(parseAgentLevels('[{"level":2,"name":"银牌"},{"level":1,"name":"铜牌"}]')).toEqual([
      { level: 1, name: '铜牌' },
      { level: 2, name: '银牌' },
    ]);
    expect(parseAgentLevels('not json')).toBeNull();
    expect(parseAgentLevels('{"level":1}')).toBeNull();
    expect(parseAgentLevels('[{"level":"1","name":"V1"}]')).toBeNull();
    expect(parseAgentLevels('[{"level":1,"name":"V1"},{"level":1,"name":"V1b"}]')).toBeNull();
  });

  it('uses the names an operator sets', async () => {
    await db
      .update(systemParams)
      .set({
        value: JSON.stringify([
          { level: 1, name: '铜牌' },
          { level: 2, name: '银牌' },
          { level: 3, name: '金牌' },
        ]),
      })
      .where(eq(systemParams.key, AGENT_LEVEL_PARAM));
    const body = (await info(DEMO_ACCOUNTS.top.mobile)).json();
    expect(body.data.info.levelName).toBe('金牌');
  });
});
