import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { bearer, createTestContext } from './helpers';

/**
 * Issue 28's smaller points, as the console's caller sees them: small lists say how many rows
 * they hold, big ones page without a count; the licence queue names each merchant, its licence
 * and its images.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

let ops: string;
let content: string;
let finance: string;

interface Listed<R = Record<string, unknown>> {
  rows: R[];
  nextCursor: string | null;
  total?: number;
}

const countOf = async (query: ReturnType<typeof sql>) =>
  Number((await rows<{ n: unknown }>(db, query))[0]!.n);

beforeAll(async () => {
  ops = await adminLogin(app, 'operations');
  content = await adminLogin(app, 'content');
  finance = await adminLogin(app, 'finance');
});

describe('list totals', () => {
  it('banners and notices carry the whole list’s total, past the first page and after a new one', async () => {
    const banners = await adminCall<Listed>(app, content, 'GET', '/banners?pageSize=1');
    expect(banners.body.code, banners.body.msg).toBe(200);
    const bannerCount = await countOf(sql`SELECT count(*) AS n FROM banners`);
    expect(bannerCount).toBeGreaterThan(1);
    expect(banners.body.data.rows).toHaveLength(1);
    expect(banners.body.data.total).toBe(bannerCount);

    const saved = await adminCall<{ id: number }>(app, content, 'POST', '/notices/save', {
      title: '系统维护通知',
      content: '今晚 23:00 至 23:30 维护。',
    });
    expect(saved.body.code, saved.body.msg).toBe(200);
    const notices = await adminCall<Listed>(app, content, 'GET', '/notices?pageSize=1');
    expect(notices.body.data.total).toBe(await countOf(sql`SELECT count(*) AS n FROM notices`));
    // Filtered: the total is the filter's.
    const found = await adminCall<Listed>(
      app,
      content,
      'GET',
      `/notices?keyword=${encodeURIComponent('系统维护')}`,
    );
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.rows).toHaveLength(1);
  });

  it('mall orders carry their total, all of them and by status', async () => {
    const all = await adminCall<Listed>(app, ops, 'GET', '/mall/orders?pageSize=1');
    expect(all.body.code, all.body.msg).toBe(200);
    expect(all.body.data.total).toBe(await countOf(sql`SELECT count(*) AS n FROM mall_orders`));
    const paid = await adminCall<Listed>(app, ops, 'GET', '/mall/orders?status=1&pageSize=1');
    expect(paid.body.data.total).toBe(
      await countOf(sql`SELECT count(*) AS n FROM mall_orders WHERE status = 1`),
    );
  });

  it('big lists (transactions, audit, the ledger) page without a count', async () => {
    const audit = await adminCall<Listed>(app, ops, 'GET', '/audit?pageSize=1');
    expect(audit.body.code, audit.body.msg).toBe(200);
    expect(audit.body.data).not.toHaveProperty('total');
    const withdrawals = await adminCall<Listed>(app, finance, 'GET', '/withdrawals?pageSize=1');
    expect(withdrawals.body.code, withdrawals.body.msg).toBe(200);
    expect(withdrawals.body.data).not.toHaveProperty('total');
  });
});

describe('licence review queue', () => {
  it('names each merchant, its licence number and name, and shows its licence photo; the queue is counted, the other states are not', async () => {
    const queue = await adminCall<
      Listed<{
        id: number;
        merchantNo: string;
        name: string;
        licenceNo: string | null;
        licenceName: string | null;
        licenceStatus: number;
        files: { id: number; kind: string }[];
      }>
    >(app, ops, 'GET', '/licences?pageSize=5');
    expect(queue.body.code, queue.body.msg).toBe(200);
    const reviewing = await countOf(
      sql`SELECT count(*) AS n FROM merchants WHERE licence_status = 1`,
    );
    expect(reviewing).toBeGreaterThan(5);
    expect(queue.body.data.total).toBe(reviewing);
    expect(queue.body.data.rows).toHaveLength(5);
    for (const r of queue.body.data.rows) {
      expect(r.licenceStatus).toBe(1);
      expect(r.merchantNo).toMatch(/^M\d{11}$/);
      expect(r.name).not.toBe('');
      expect(r.licenceNo).toMatch(/^[0-9A-Z]{18}$/);
      expect(r.licenceName).toBe(r.name);
      expect(r.files.map((f) => f.kind)).toEqual(['licence']);
    }
    const first = queue.body.data.rows[0]!;
    const img = await app.inject({
      url: `/prod-api/admin/licences/file?id=${first.files[0]!.id}`,
      headers: bearer(ops),
    });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');

    // Deciding one takes it out of the queue's count.
    const approved = await adminCall(app, ops, 'POST', '/licences/decide', {
      id: first.id,
      approve: true,
    });
    expect(approved.body.code, approved.body.msg).toBe(200);
    const after = await adminCall<Listed>(app, ops, 'GET', '/licences?pageSize=5');
    expect(after.body.data.total).toBe(reviewing - 1);

    const done = await adminCall<Listed>(app, ops, 'GET', '/licences?status=2&pageSize=5');
    expect(done.body.code, done.body.msg).toBe(200);
    expect(done.body.data).not.toHaveProperty('total');
  });
});
