import { desc, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { agents, smsOutbox } from '../src/db/schema';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app, demo, database } = ctx;
const db = database.db;

const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
const inviter = (code: string, ip = '10.9.0.1') =>
  app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/invitation/inviter?inviteCode=${encodeURIComponent(code)}`,
    remoteAddress: ip,
  });
const agentCount = async () =>
  Number((await rows<{ n: string }>(db, sql`SELECT count(*) AS n FROM agents`))[0]!.n);

let ipSeq = 0;
async function registerThrough(inviteCode: string, mobile: string) {
  const sent = await app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/my/center/sendSMS2?mobile=${mobile}&scene=register`,
    remoteAddress: `10.8.0.${++ipSeq}`,
  });
  if (sent.json().code !== 200) return sent;
  const [sms] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  return app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/agent/info/apiAdd',
    payload: { mobile, password: 'secret1', smsCode: sms!.code, inviteCode, name: '邀请人' },
  });
}

describe('invitations', () => {
  it("gives an agent its own invitation code, and nobody else's", async () => {
    const token = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
    const body = (await get(token, '/api/ag/invitation/info')).json();
    expect(body).toMatchObject({
      code: 200,
      data: {
        inviteCode: DEMO_ACCOUNTS.child.inviteCode,
        name: DEMO_ACCOUNTS.child.name,
        levelName: 'V2',
      },
    });
    const operator = await loginAs(
      app,
      DEMO_ACCOUNTS.operator.mobile,
      DEMO_ACCOUNTS.operator.password,
    );
    expect((await get(operator, '/api/ag/invitation/info')).statusCode).toBe(404);
  });

  it('tells the invitation page who invites, masked, and refuses unknown codes', async () => {
    expect((await inviter(DEMO_ACCOUNTS.top.inviteCode)).json()).toMatchObject({
      code: 200,
      data: { inviteCode: DEMO_ACCOUNTS.top.inviteCode, name: '张*' },
    });
    const [op] = await db
      .select({ code: agents.inviteCode })
      .from(agents)
      .where(eq(agents.id, demo.operator.id));
    for (const code of ['99999999', op!.code, '']) {
      const res = (await inviter(code)).json();
      expect(res.code).toBe(400);
      expect(res.field).toBe('inviteCode');
      expect(res.msg).toMatch(/^邀请码(不存在|不能为空)$/);
    }
  });

  it('limits lookups per address against guessing codes', async () => {
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await inviter('12345678', '10.9.9.9')).statusCode;
    expect(last).toBe(429);
    // Another address is not held back.
    expect((await inviter(DEMO_ACCOUNTS.top.inviteCode, '10.9.9.10')).json().code).toBe(200);
  });

  it("places an agent registered through the link under the inviter, in the inviter's list", async () => {
    const res = await registerThrough(DEMO_ACCOUNTS.child.inviteCode, '13711112222');
    expect(res.json().code).toBe(200);
    const id = res.json().data.id as number;

    const childToken = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
    const list = (await get(childToken, '/api/ag/myAgent/list?sort=createdAt')).json();
    // Its own direct sub-agent, in full (decision 010).
    expect(list.data.rows[0]).toMatchObject({ id, mobile: '13711112222' });
    // Visible from above, never from the other tree or a sibling branch.
    const topToken = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
    expect((await get(topToken, `/api/ag/myAgent/detail?id=${id}`)).json().data.parentId).toBe(
      demo.child.id,
    );
    const otherToken = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);
    expect((await get(otherToken, `/api/ag/myAgent/detail?id=${id}`)).statusCode).toBe(404);
    const grandchildToken = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
    expect((await get(grandchildToken, `/api/ag/myAgent/detail?id=${id}`)).statusCode).toBe(404);
  });

  it('creates nothing for an unknown invitation code or a mobile already registered', async () => {
    const before = await agentCount();
    const unknown = (await registerThrough('99999999', '13711113333')).json();
    expect(unknown).toMatchObject({ code: 400, msg: '邀请码不存在', field: 'inviteCode' });
    // A registered mobile's phone gets a notice, not a code: without a code the registration
    // stops at the code, never saying the mobile is taken.
    const taken = (
      await registerThrough(DEMO_ACCOUNTS.top.inviteCode, DEMO_ACCOUNTS.grandchild.mobile)
    ).json();
    expect(taken).toMatchObject({ code: 400, field: 'smsCode' });
    expect(taken.msg).not.toContain('已注册');
    expect(await agentCount()).toBe(before);
  });
});
