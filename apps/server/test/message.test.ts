import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// The message centre: an operator publishes to everyone, named agents, a level or a tree; an agent
// lists, reads and counts only the messages aimed at it and not expired; an important message pops
// up once. No agent ever sees a message aimed at another tree.

const { app, database } = await createTestContext({ adminTotp: false });
const db = database.db;
const names = ['top', 'child', 'grandchild', 'otherTop'] as const;
type Who = (typeof names)[number];
const tokens = {} as Record<Who, string>;
const ids = {} as Record<Who, number>;
for (const who of names) {
  tokens[who] = await loginAs(app, DEMO_ACCOUNTS[who].mobile);
  const [a] = await rows<{ id: unknown }>(
    db,
    sql`SELECT id FROM agents WHERE mobile = ${DEMO_ACCOUNTS[who].mobile}`,
  );
  ids[who] = Number(a!.id);
}
const content = await adminLogin(app, 'content');

interface Item {
  id: number;
  type: number;
  title: string;
  summary: string;
  important: boolean;
  read: boolean;
  body?: string;
}
const get = async <T>(who: Who, url: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/prod-api/api/ag/message/${url}`,
    headers: bearer(tokens[who]),
  });
  return res.json() as { code: number; msg: string; data: T };
};
const listAll = async (who: Who) => {
  const found: Item[] = [];
  let cursor: string | null = null;
  do {
    const q: string = cursor ? `&cursor=${cursor}` : '';
    const body = await get<{ rows: Item[]; nextCursor: string | null }>(who, `list?pageSize=2${q}`);
    expect(body.code, body.msg).toBe(200);
    found.push(...body.data.rows);
    cursor = body.data.nextCursor;
  } while (cursor);
  return found;
};
// The operators' messages of this file (the demo's own product events, type 1, are left aside).
const titles = async (who: Who) =>
  (await listAll(who)).filter((m) => m.type !== 1).map((m) => m.title);
const unread = async (who: Who) => (await get<{ count: number }>(who, 'unread')).data.count;

const publish = async (payload: Record<string, unknown>) => {
  const { body } = await adminCall<{ id: number }>(app, content, 'POST', '/messages/publish', {
    type: 2,
    body: '正文内容',
    expiryDays: 7,
    important: false,
    ...payload,
  });
  expect(body.code, body.msg).toBe(200);
  return body.data.id;
};

const toAll = await publish({ target: 'all', title: '致全体' });
const toTopTree = await publish({ target: 'tree', treeAgentId: ids.top, title: '致top团队' });
const toChildTree = await publish({ target: 'tree', treeAgentId: ids.child, title: '致child团队' });
const toOtherTree = await publish({
  target: 'tree',
  treeAgentId: ids.otherTop,
  title: '致other团队',
});
const toNamed = await publish({
  target: 'agents',
  agentIds: [ids.grandchild, ids.otherTop],
  title: '致指定',
  important: true,
  type: 4,
});
const [childLevel] = await rows<{ level: number }>(
  db,
  sql`SELECT level FROM agents WHERE id = ${ids.child}`,
);
const toLevel = await publish({ target: 'level', level: childLevel!.level, title: '致等级' });
const sameLevel = await rows<{ id: unknown }>(
  db,
  sql`SELECT id FROM agents WHERE level = ${childLevel!.level} AND role = 'agent'`,
);
const atLevel = new Set(sameLevel.map((r) => Number(r.id)));
const levelTitle = (who: Who) => (atLevel.has(ids[who]) ? ['致等级'] : []);

describe('what each agent sees', () => {
  it('lists only the messages aimed at the caller, newest first, over keyset pages', async () => {
    expect(await titles('top')).toEqual([...levelTitle('top'), '致top团队', '致全体']);
    expect(await titles('child')).toEqual([
      ...levelTitle('child'),
      '致child团队',
      '致top团队',
      '致全体',
    ]);
    expect(await titles('grandchild')).toEqual([
      ...levelTitle('grandchild'),
      '致指定',
      '致child团队',
      '致top团队',
      '致全体',
    ]);
    expect(await titles('otherTop')).toEqual([
      ...levelTitle('otherTop'),
      '致指定',
      '致other团队',
      '致全体',
    ]);
  });

  it('never shows a message aimed at another tree, not even by its id', async () => {
    for (const [who, id] of [
      ['top', toOtherTree],
      ['otherTop', toTopTree],
      ['otherTop', toChildTree],
      ['top', toChildTree],
      ['child', toNamed],
    ] as const) {
      const body = await get<Item>(who, `detail?id=${id}`);
      expect(body.code).toBe(404);
    }
  });

  it('reads a message once opened, and the unread count falls by one', async () => {
    const before = await unread('child');
    expect(before).toBe((await listAll('child')).length);
    const body = await get<Item>('child', `detail?id=${toAll}`);
    expect(body.code, body.msg).toBe(200);
    expect(body.data).toMatchObject({ title: '致全体', body: '正文内容', read: true });
    expect(await unread('child')).toBe(before - 1);
    expect((await listAll('child')).find((m) => m.id === toAll)?.read).toBe(true);
    // Reading it is the child's alone.
    expect((await listAll('top')).find((m) => m.id === toAll)?.read).toBe(false);
  });

  it('pops an important message up once, and not after it is read', async () => {
    const first = await get<{ rows: Item[] }>('otherTop', 'popup');
    expect(first.data.rows.map((m) => m.id)).toEqual([toNamed]);
    expect(first.data.rows[0]).toMatchObject({ type: 4, important: true, body: '正文内容' });
    const marked = await app.inject({
      method: 'POST',
      url: '/prod-api/api/ag/message/popup',
      headers: bearer(tokens.otherTop),
      payload: { ids: [toNamed, toTopTree] },
    });
    expect(marked.json().code).toBe(200);
    expect((await get<{ rows: Item[] }>('otherTop', 'popup')).data.rows).toEqual([]);
    // Popped up is not read: it stays unread in the list.
    expect((await listAll('otherTop')).find((m) => m.id === toNamed)?.read).toBe(false);
    // Marking a message not aimed at it recorded nothing.
    const stray = await rows(
      db,
      sql`SELECT 1 FROM message_reads WHERE agent_id = ${ids.otherTop} AND message_id = ${toTopTree}`,
    );
    expect(stray).toEqual([]);

    expect((await get<{ rows: Item[] }>('grandchild', 'popup')).data.rows.length).toBe(1);
    await get('grandchild', `detail?id=${toNamed}`);
    expect((await get<{ rows: Item[] }>('grandchild', 'popup')).data.rows).toEqual([]);
  });

  it('hides a message once it expires', async () => {
    await db.execute(
      sql`UPDATE messages SET published_at = now() - interval '2 days',
            expires_at = now() - interval '1 day' WHERE id = ${toLevel}`,
    );
    expect(await titles('child')).not.toContain('致等级');
    expect((await get<Item>('child', `detail?id=${toLevel}`)).code).toBe(404);
  });
});

describe('publishing from the console', () => {
  it('names who receives a message before it is published', async () => {
    const { body } = await adminCall<{ count: number; names: string[] }>(
      app,
      content,
      'POST',
      '/messages/audience',
      { target: 'tree', treeAgentId: ids.child },
    );
    expect(body.code, body.msg).toBe(200);
    const [n] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM agents
          WHERE path LIKE (SELECT path FROM agents WHERE id = ${ids.child}) || '%'`,
    );
    expect(body.data.count).toBe(Number(n!.n));
    expect(body.data.names).toEqual([expect.stringContaining(DEMO_ACCOUNTS.child.mobile)]);
  });

  it('refuses an expiry outside 1 to 30 days, an unknown agent and an empty target', async () => {
    for (const bad of [
      { target: 'all', expiryDays: 31 },
      { target: 'all', expiryDays: 0 },
      { target: 'agents', agentIds: [99_999_999] },
      { target: 'agents', agentIds: [] },
      { target: 'tree' },
      { target: 'level', level: 99 },
    ]) {
      const { body } = await adminCall(app, content, 'POST', '/messages/publish', {
        type: 1,
        title: 't',
        body: 'b',
        expiryDays: 7,
        important: false,
        ...bad,
      });
      expect(body.code, JSON.stringify(bad)).toBe(400);
    }
  });

  it('lists messages with recipients and reads, and audits the publication', async () => {
    const { body } = await adminCall<{
      rows: { id: number; recipients: number; readCount: number; audience: string }[];
    }>(app, content, 'GET', '/messages?pageSize=50');
    expect(body.code, body.msg).toBe(200);
    const all = body.data.rows.find((r) => r.id === toAll)!;
    const [agentCount] = await rows<{ n: unknown }>(
      db,
      sql`SELECT count(*) AS n FROM agents WHERE role = 'agent'`,
    );
    expect(all).toMatchObject({ recipients: Number(agentCount!.n), readCount: 1 });
    const named = body.data.rows.find((r) => r.id === toNamed)!;
    expect(named).toMatchObject({ recipients: 2, readCount: 1 });
    expect(named.audience).toContain(DEMO_ACCOUNTS.otherTop.mobile);
    const logged = await rows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_logs WHERE target_type = 'message' AND target_id = ${String(toAll)}`,
    );
    expect(logged.map((l) => l.action)).toEqual(['message.publish']);
  });

  it('leaves publishing to operators with the content permission', async () => {
    const finance = await adminLogin(app, 'finance');
    const { status } = await adminCall(app, finance, 'POST', '/messages/publish', {
      target: 'all',
      type: 1,
      title: 't',
      body: 'b',
      expiryDays: 1,
    });
    expect(status).toBe(403);
  });
});
