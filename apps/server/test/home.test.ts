import { describe, expect, it } from 'vitest';
import { banners, notices } from '../src/db/schema';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';

const ctx = await createTestContext();
const { app } = ctx;
const { db } = ctx.database;
const token = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
const get = (url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });

describe('banners', () => {
  it('lists only shown home banners, in order; hidden and shop ones are left out', async () => {
    const all = await db.select().from(banners);
    expect(all).toHaveLength(4);
    const body = (await get('/api/ag/home/banner/list?bannerType=1')).json();
    expect(body.code).toBe(200);
    expect(body.data.map((b: { title: string }) => b.title)).toEqual([
      '新机上市 激活返现',
      '推荐伙伴 共享收益',
    ]);
    for (const b of body.data) {
      expect(b).toMatchObject({ bannerType: 1, isShow: true });
      expect(b.imageUrl).toMatch(/^\/static\/banners\/banner-\d\.svg$/);
    }
    // Without a type the home banners are meant.
    expect((await get('/api/ag/home/banner/list')).json().data).toHaveLength(2);
    const shop = (await get('/api/ag/home/banner/list?bannerType=2')).json().data;
    expect(shop).toHaveLength(1);
    expect(shop[0]).toMatchObject({ bannerType: 2, title: '物料商城 限时包邮' });
  });

  it('answers a shown banner and treats a hidden one as missing', async () => {
    const all = await db.select().from(banners);
    const shown = all.find((b) => b.isShow && b.bannerType === 1)!;
    const hidden = all.find((b) => !b.isShow)!;
    const res = (await get(`/api/ag/home/banner/detail?id=${shown.id}`)).json();
    expect(res).toMatchObject({
      code: 200,
      data: { id: shown.id, title: shown.title, content: shown.content },
    });
    const gone = await get(`/api/ag/home/banner/detail?id=${hidden.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ code: 404, msg: '轮播图不存在' });
    expect((await get('/api/ag/home/banner/detail?id=999999')).json().code).toBe(404);
  });

  it('refuses bad input and calls without a token', async () => {
    expect((await get('/api/ag/home/banner/list?bannerType=3')).json()).toMatchObject({
      code: 400,
      field: 'bannerType',
      msg: '轮播图类型不正确',
    });
    expect((await get('/api/ag/home/banner/detail?id=abc')).json()).toMatchObject({
      code: 400,
      field: 'id',
      msg: '轮播图编号不正确',
    });
    expect((await get('/api/ag/home/banner/detail')).json()).toMatchObject({
      code: 400,
      field: 'id',
    });
    const none = await app.inject({
      method: 'GET',
      url: '/prod-api/api/ag/home/banner/list?bannerType=1',
    });
    expect(none.statusCode).toBe(401);
  });
});

describe('notices', () => {
  it('pages through every published notice newest first with a keyset cursor', async () => {
    // Two notices at the very same instant, and one scheduled for tomorrow that must not show.
    const at = new Date(Date.now() - 3600_000);
    await db.insert(notices).values([
      { title: '同一时刻甲', content: '甲', publishedAt: at },
      { title: '同一时刻乙', content: '乙', publishedAt: at },
      { title: '明日发布', content: '尚未发布', publishedAt: new Date(Date.now() + 86400_000) },
    ]);
    const seen: { id: number; publishedAt: string; title: string }[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `pageSize=5&cursor=${cursor}` : 'pageSize=5';
      const body = (await get(`/api/ag/home/notice/list?${query}`)).json();
      expect(body.code).toBe(200);
      expect(body.data.rows.length).toBeLessThanOrEqual(5);
      seen.push(...body.data.rows);
      cursor = body.data.nextCursor;
      pages++;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(14);
    expect(new Set(seen.map((n) => n.id)).size).toBe(14);
    expect(seen.map((n) => n.title)).not.toContain('明日发布');
    expect(seen[0]!.title).toMatch(/同一时刻/);
    for (let i = 1; i < seen.length; i++) {
      const prev = seen[i - 1]!;
      const cur = seen[i]!;
      const order = Date.parse(prev.publishedAt) - Date.parse(cur.publishedAt) || prev.id - cur.id;
      expect(order).toBeGreaterThan(0);
    }
    // Default page size is 10.
    const first = (await get('/api/ag/home/notice/list')).json().data;
    expect(first.rows).toHaveLength(10);
    expect(first.nextCursor).toEqual(expect.any(String));
  });

  it('answers a published notice and hides a scheduled one', async () => {
    const rows = await db.select().from(notices);
    const published = rows.find((n) => n.title === '拓客宝正式上线')!;
    const res = (await get(`/api/ag/home/notice/detail?id=${published.id}`)).json();
    expect(res).toMatchObject({
      code: 200,
      data: { id: published.id, title: '拓客宝正式上线', content: published.content },
    });
    const scheduled = rows.find((n) => n.title === '明日发布')!;
    expect((await get(`/api/ag/home/notice/detail?id=${scheduled.id}`)).json()).toMatchObject({
      code: 404,
      msg: '公告不存在',
    });
  });

  it('refuses a bad cursor or page size', async () => {
    expect((await get('/api/ag/home/notice/list?cursor=bogus')).json()).toMatchObject({
      code: 400,
      field: 'cursor',
      msg: '分页游标格式错误',
    });
    expect((await get('/api/ag/home/notice/list?pageSize=0')).json()).toMatchObject({
      code: 400,
      field: 'pageSize',
    });
    expect((await get('/api/ag/home/notice/list?pageSize=51')).json()).toMatchObject({
      code: 400,
      msg: '每页最多50条',
    });
    expect((await get('/api/ag/home/notice/detail?id=-1')).json()).toMatchObject({
      code: 400,
      field: 'id',
      msg: '公告编号不正确',
    });
    const none = await app.inject({ method: 'GET', url: '/prod-api/api/ag/home/notice/list' });
    expect(none.statusCode).toBe(401);
  });
});
