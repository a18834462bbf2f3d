import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { agentCall, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

// The business school and the material library: operators with content:publish publish
// categories and items (audited; every stored address passes the safe-url checks); agents read
// them newest first, keep favourites of their own, and download materials.

const { app, database } = await createTestContext({ adminTotp: false });
const db = database.db;
const content = await adminLogin(app, 'content');
const finance = await adminLogin(app, 'finance');
const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
const otherTop = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);

const admin = async <T>(url: string, body: object) => {
  const res = await adminCall<T>(app, content, 'POST', url, body);
  return res.body;
};
const category = async (section: 'school' | 'material', name: string) => {
  const res = await admin<{ id: number }>('/school/categories/save', { section, name });
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
};
const publish = async (payload: Record<string, unknown>) => {
  const res = await admin<{ id: number }>('/school/items/save', payload);
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
};

// The demo publishes a few items of its own first (db/seed-school.ts): older than this file's.
const [{ demoItems, lastAudit }] = (await rows<{ demoItems: number; lastAudit: number }>(
  db,
  sql`SELECT (SELECT count(*)::int FROM school_items WHERE section = 'school') AS "demoItems",
             (SELECT coalesce(max(id), 0)::int FROM audit_logs) AS "lastAudit"`,
)) as [{ demoItems: number; lastAudit: number }];

const IMAGE = '/prod-api/files/1/' + 'a'.repeat(64);
const skills = await category('school', '展业技巧');
const products = await category('school', '产品知识');
const posters = await category('material', '节日海报');
const article = await publish({
  categoryId: skills,
  kind: 'article',
  title: '如何一周拓展十个商户',
  summary: '从熟人到商圈',
  body: '第一步：列出身边的店主。',
  coverUrl: IMAGE,
});
const video = await publish({
  categoryId: products,
  kind: 'video',
  title: '新机开箱',
  videoUrl: 'https://video.example.com/unbox.mp4',
});
const poster = await publish({
  categoryId: posters,
  kind: 'poster',
  title: '元旦海报',
  images: [IMAGE],
  body: '新年快乐，刷卡有礼',
});

type Item = { id: number; title: string; favourite: boolean; kind: string };
const get = <T>(token: string, url: string) => agentCall<T>(app, token, 'GET', url);
const post = <T>(token: string, url: string, body: object) =>
  agentCall<T>(app, token, 'POST', url, body);

describe('agents read the school', () => {
  it('lists a section newest first over keyset pages, and a category alone', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = await get<{ rows: Item[]; nextCursor: string | null }>(
        child,
        `/api/ag/school/items?section=school&pageSize=1${q}`,
      );
      expect(page.code, page.msg).toBe(200);
      seen.push(...page.data.rows.map((r) => r.title));
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(seen.slice(0, 2)).toEqual(['新机开箱', '如何一周拓展十个商户']);
    expect(seen).toHaveLength(2 + demoItems);
    const one = await get<{ rows: Item[] }>(
      child,
      `/api/ag/school/items?section=school&categoryId=${skills}`,
    );
    expect(one.data.rows.map((r) => r.id)).toEqual([article]);
    const cats = await get<{ name: string }[]>(child, '/api/ag/school/categories?section=material');
    expect(cats.data.map((c) => c.name)).toContain('节日海报');
  });

  it('opens an item with its text and video', async () => {
    const a = await get<{ body: string; coverUrl: string }>(
      child,
      `/api/ag/school/item?id=${article}`,
    );
    expect(a.data).toMatchObject({ body: '第一步：列出身边的店主。', coverUrl: IMAGE });
    const v = await get<{ videoUrl: string }>(child, `/api/ag/school/item?id=${video}`);
    expect(v.data.videoUrl).toBe('https://video.example.com/unbox.mp4');
  });

  it('keeps favourites per agent: one agent’s favourite is not another’s', async () => {
    const add = await post(child, '/api/ag/school/favourite', { id: article, favourite: true });
    expect(add.code, add.msg).toBe(200);
    const mine = await get<{ rows: Item[] }>(child, '/api/ag/school/favourites');
    expect(mine.data.rows.map((r) => r.id)).toEqual([article]);
    const theirs = await get<{ rows: Item[] }>(otherTop, '/api/ag/school/favourites');
    expect(theirs.data.rows).toEqual([]);
    const read = await get<Item>(child, `/api/ag/school/item?id=${article}`);
    expect(read.data.favourite).toBe(true);
    expect((await get<Item>(otherTop, `/api/ag/school/item?id=${article}`)).data.favourite).toBe(
      false,
    );
    await post(child, '/api/ag/school/favourite', { id: article, favourite: false });
    expect((await get<{ rows: Item[] }>(child, '/api/ag/school/favourites')).data.rows).toEqual([]);
  });

  it('records a material’s download and refuses to “download” an article', async () => {
    const got = await post<{ images: string[]; body: string }>(child, '/api/ag/school/download', {
      id: poster,
    });
    expect(got.data).toMatchObject({ images: [IMAGE], body: '新年快乐，刷卡有礼' });
    const refused = await post(child, '/api/ag/school/download', { id: article });
    expect(refused).toMatchObject({ code: 400, field: 'id' });
    const list = await adminCall<{ rows: { id: number; downloads: number }[] }>(
      app,
      content,
      'GET',
      '/school/items?section=material',
    );
    expect(list.body.data.rows.find((r) => r.id === poster)?.downloads).toBe(1);
  });

  it('hides an item taken down or in a hidden category, even by its id', async () => {
    const gone = await publish({ categoryId: skills, kind: 'article', title: '旧文', body: '旧' });
    expect((await get(child, `/api/ag/school/item?id=${gone}`)).code).toBe(200);
    await admin('/school/items/delete', { id: gone });
    expect((await get(child, `/api/ag/school/item?id=${gone}`)).code).toBe(404);
    expect(
      (await post(child, '/api/ag/school/favourite', { id: gone, favourite: true })).code,
    ).toBe(404);
    await admin('/school/categories/save', {
      id: products,
      section: 'school',
      name: '产品知识',
      shown: false,
    });
    expect((await get(child, `/api/ag/school/item?id=${video}`)).code).toBe(404);
    await admin('/school/categories/save', { id: products, section: 'school', name: '产品知识' });
  });
});

describe('publishing is checked and audited', () => {
  it('refuses unsafe addresses and missing parts, naming the field, and stores nothing', async () => {
    const [before] = await rows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM school_items`,
    );
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'video', title: 'x', videoUrl: 'javascript:alert(1)' }, 'videoUrl'],
      [{ kind: 'video', title: 'x', videoUrl: 'http://video.example.com/a.mp4' }, 'videoUrl'],
      [{ kind: 'image', title: 'x', images: ['https://evil.example/a.png'] }, 'images.0'],
      [{ kind: 'article', title: 'x', body: 'y', coverUrl: '//evil.example/a.png' }, 'coverUrl'],
      [{ kind: 'article', title: 'x' }, 'body'],
      [{ kind: 'poster', title: 'x', images: [IMAGE] }, 'kind'],
    ];
    for (const [payload, field] of cases) {
      const res = await admin('/school/items/save', { categoryId: skills, ...payload });
      expect(res, JSON.stringify(payload)).toMatchObject({ code: 400, field });
    }
    const [after] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM school_items`);
    expect(after!.n).toBe(before!.n);
  });

  it('audits every publication, edit and removal, and refuses roles without content rights', async () => {
    const actions = await rows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_logs
           WHERE target_type IN ('school_item', 'school_category') AND id > ${lastAudit}`,
    );
    const counted = actions.reduce<Record<string, number>>((m, a) => {
      m[a.action] = (m[a.action] ?? 0) + 1;
      return m;
    }, {});
    expect(counted).toEqual({
      'school_category.save': 5,
      'school_item.create': 4,
      'school_item.delete': 1,
    });
    const denied = await adminCall(app, finance, 'POST', '/school/items/save', {
      categoryId: skills,
      kind: 'article',
      title: '越权',
      body: '越权',
    });
    expect(denied.status).toBe(403);
    expect((await adminCall(app, finance, 'GET', '/school/items')).status).toBe(403);
  });
});
