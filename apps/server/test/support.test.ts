import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { agentCall, bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { multipart, PNG, pngOf } from './upload-helpers';

// Support tickets: an agent opens a ticket with images, operators assign, reply and close it, the
// agent reads the replies and rates the answer. A ticket and its images are the opener's alone —
// not even the agent above it in its tree sees them — and only roles holding the ticket
// permissions read or act on the queue.

const { app, database } = await createTestContext({ adminTotp: false });
const db = database.db;
const names = ['top', 'child', 'grandchild', 'otherTop'] as const;
type Who = (typeof names)[number];
const tokens = {} as Record<Who, string>;
for (const who of names) tokens[who] = await loginAs(app, DEMO_ACCOUNTS[who].mobile);
const ops = await adminLogin(app, 'operations');
const content = await adminLogin(app, 'content');
const finance = await adminLogin(app, 'finance');
const superAdmin = await adminLogin(app, 'super_admin');

const upload = async (who: Who, file: Buffer, type = 'image/png') => {
  const body = multipart(file, 'shot.png', type);
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/api/ag/ticket/image',
    payload: body.payload,
    headers: { ...bearer(tokens[who]), ...body.headers },
  });
  return res.json() as { code: number; msg: string; field?: string; data: { imageId: number } };
};
const call = <T>(who: Who, method: 'GET' | 'POST', url: string, payload?: object) =>
  agentCall<T>(app, tokens[who], method, `/api/ag/ticket/${url}`, payload);

interface Detail {
  id: number;
  status: number;
  type: number;
  description: string;
  images: number[];
  replies: number;
  replyList: { body: string }[];
  rating: number | null;
}

const open = async (who: Who, description: string, imageIds: number[] = []) => {
  const res = await call<{ id: number }>(who, 'POST', 'create', {
    type: 1,
    description,
    imageIds,
  });
  expect(res.code, res.msg).toBe(200);
  return res.data.id;
};

describe('an agent opens a ticket', () => {
  it('with up to three images it uploaded, and reads it back with its state', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const up = await upload('grandchild', PNG);
      expect(up.code, up.msg).toBe(200);
      ids.push(up.data.imageId);
    }
    const id = await open('grandchild', '终端开机后一直显示未激活', ids);
    const got = await call<Detail>('grandchild', 'GET', `detail?id=${id}`);
    expect(got.code, got.msg).toBe(200);
    expect(got.data).toMatchObject({
      status: 1,
      type: 1,
      description: '终端开机后一直显示未激活',
      images: ids,
      replies: 0,
      rating: null,
    });
    const image = await app.inject({
      method: 'GET',
      url: `/prod-api/api/ag/ticket/image?id=${ids[0]}`,
      headers: bearer(tokens.grandchild),
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(image.rawPayload, PNG)).toBe(0);
  });

  it('refuses a fourth image, an image used already, and another agent’s image, naming the field', async () => {
    const ids = [];
    for (let i = 0; i < 4; i++) ids.push((await upload('child', PNG)).data.imageId);
    const four = await call('child', 'POST', 'create', {
      type: 2,
      description: '分润少了一笔',
      imageIds: ids,
    });
    expect(four).toMatchObject({ code: 400, field: 'imageIds' });
    const used = await open('child', '分润少了一笔', [ids[0]!]);
    expect(used).toBeGreaterThan(0);
    const again = await call('child', 'POST', 'create', {
      type: 2,
      description: '再提交一次',
      imageIds: [ids[0]],
    });
    expect(again).toMatchObject({ code: 400, field: 'imageIds' });
    const foreign = await call('top', 'POST', 'create', {
      type: 2,
      description: '用下级的图片',
      imageIds: [ids[1]],
    });
    expect(foreign).toMatchObject({ code: 400, field: 'imageIds' });
    const short = await call('child', 'POST', 'create', { type: 2, description: '短' });
    expect(short).toMatchObject({ code: 400, field: 'description' });
    const badType = await call('child', 'POST', 'create', { type: 9, description: '类型不对的' });
    expect(badType).toMatchObject({ code: 400, field: 'type' });
  });

  it('checks each image like every upload: its bytes, its size and its dimensions', async () => {
    const svg = await upload('child', Buffer.from('<svg onload=alert(1)>'), 'image/png');
    expect(svg).toMatchObject({ code: 400, field: 'file', msg: '只支持JPG、PNG或WebP图片' });
    const big = await upload('child', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]));
    expect(big).toMatchObject({ code: 400, field: 'file' });
    const huge = await upload('child', pngOf(100_000, 100_000));
    expect(huge).toMatchObject({ code: 400, field: 'file' });
  });
});

describe('no ticket is visible to another agent', () => {
  it('not to the agents above the opener in its tree, nor to another tree, by list, id or image', async () => {
    const up = await upload('grandchild', PNG);
    const id = await open('grandchild', '只属于我自己的工单', [up.data.imageId]);
    for (const who of ['top', 'child', 'otherTop'] as const) {
      const list = await call<{ rows: { id: number }[] }>(who, 'GET', 'list?pageSize=50');
      expect(list.code).toBe(200);
      expect(list.data.rows.map((r) => r.id)).not.toContain(id);
      expect((await call(who, 'GET', `detail?id=${id}`)).code).toBe(404);
      const image = await app.inject({
        method: 'GET',
        url: `/prod-api/api/ag/ticket/image?id=${up.data.imageId}`,
        headers: bearer(tokens[who]),
      });
      expect(image.statusCode).toBe(404);
      const rate = await call(who, 'POST', 'rate', { id, rating: 1 });
      expect(rate.code).toBe(404);
    }
  });

  it("lists the caller's own tickets newest first over keyset pages", async () => {
    const mine = await rows<{ id: unknown }>(
      db,
      sql`SELECT t.id FROM support_tickets t JOIN agents a ON a.id = t.agent_id
          WHERE a.mobile = ${DEMO_ACCOUNTS.grandchild.mobile} ORDER BY t.created_at DESC, t.id DESC`,
    );
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q: string = cursor ? `&cursor=${cursor}` : '';
      const page = await call<{ rows: { id: number }[]; nextCursor: string | null }>(
        'grandchild',
        'GET',
        `list?pageSize=1${q}`,
      );
      seen.push(...page.data.rows.map((r) => r.id));
      cursor = page.data.nextCursor;
    } while (cursor);
    expect(seen).toEqual(mine.map((r) => Number(r.id)));
    expect(seen.length).toBeGreaterThanOrEqual(2);
  });
});

describe('operators work the queue', () => {
  it('assign, reply and close, audited; the agent sees the reply and rates it once', async () => {
    const up = await upload('child', PNG);
    const id = await open('child', '提现三天未到账', [up.data.imageId]);

    const queue = await adminCall<{ rows: { id: number; agentMobile: string }[] }>(
      app,
      ops,
      'GET',
      '/tickets?status=1&assignee=none',
    );
    expect(queue.body.code, queue.body.msg).toBe(200);
    const row = queue.body.data.rows.find((r) => r.id === id);
    expect(row?.agentMobile).toMatch(/^\d{3}\*{4}\d{4}$/);

    const assignees = await adminCall<{ id: number; name: string }[]>(
      app,
      ops,
      'GET',
      '/tickets/assignees',
    );
    const [opsRow] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM operators WHERE username = 'ops'`,
    );
    const opsId = Number(opsRow!.id);
    expect(assignees.body.data.map((a) => a.id)).toContain(opsId);
    const [contentRow] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM operators WHERE username = 'content'`,
    );
    expect(assignees.body.data.map((a) => a.id)).not.toContain(Number(contentRow!.id));
    const toContent = await adminCall(app, ops, 'POST', `/tickets/${id}/assign`, {
      operatorId: Number(contentRow!.id),
    });
    expect(toContent.body).toMatchObject({ code: 400, field: 'operatorId' });

    const assigned = await adminCall<{ status: number; assignee: string }>(
      app,
      superAdmin,
      'POST',
      `/tickets/${id}/assign`,
      { operatorId: opsId },
    );
    expect(assigned.body.data.status).toBe(2);
    expect((await call<Detail>('child', 'GET', `detail?id=${id}`)).data.status).toBe(2);

    const early = await call('child', 'POST', 'rate', { id, rating: 5 });
    expect(early).toMatchObject({ code: 409, field: 'rating' });

    const image = await adminCall(app, ops, 'GET', `/tickets/images/${up.data.imageId}`);
    expect(image.status).toBe(200);
    const replied = await adminCall<{ status: number; replyList: { operatorName: string }[] }>(
      app,
      ops,
      'POST',
      `/tickets/${id}/reply`,
      { body: '已为您加急处理，今天内到账。' },
    );
    expect(replied.body.code, replied.body.msg).toBe(200);
    expect(replied.body.data.status).toBe(3);
    expect(replied.body.data.replyList[0]?.operatorName).toBe('运营小周');

    const seen = await call<Detail>('child', 'GET', `detail?id=${id}`);
    expect(seen.data).toMatchObject({ status: 3, replies: 1 });
    expect(seen.data.replyList.map((r) => r.body)).toEqual(['已为您加急处理，今天内到账。']);

    const rated = await call<Detail>('child', 'POST', 'rate', { id, rating: 4, comment: '很快' });
    expect(rated.code, rated.msg).toBe(200);
    expect(rated.data).toMatchObject({ rating: 4, status: 4 });
    const twice = await call('child', 'POST', 'rate', { id, rating: 1 });
    expect(twice).toMatchObject({ code: 409, field: 'rating' });
    const late = await adminCall(app, ops, 'POST', `/tickets/${id}/reply`, { body: '补充' });
    expect(late.body.code).toBe(409);

    const audits = await rows<{ action: string; operator_name: string }>(
      db,
      sql`SELECT action, operator_name FROM audit_logs
          WHERE target_type = 'ticket' AND target_id = ${String(id)} ORDER BY id`,
    );
    expect(audits).toEqual([
      { action: 'ticket.assign', operator_name: '超级管理员' },
      { action: 'ticket.reply', operator_name: '运营小周' },
    ]);
  });

  it('closes with a last word the agent reads', async () => {
    const id = await open('otherTop', '想咨询一下政策');
    const closed = await adminCall<{ status: number }>(app, ops, 'POST', `/tickets/${id}/close`, {
      note: '已电话沟通，问题已解决',
    });
    expect(closed.body.data.status).toBe(4);
    const seen = await call<Detail>('otherTop', 'GET', `detail?id=${id}`);
    expect(seen.data).toMatchObject({ status: 4, replies: 1 });
    expect(seen.data.replyList[0]?.body).toBe('已电话沟通，问题已解决');
    const audit = await rows<{ action: string }>(
      db,
      sql`SELECT action FROM audit_logs WHERE target_type = 'ticket' AND target_id = ${String(id)}`,
    );
    expect(audit.map((a) => a.action)).toEqual(['ticket.close']);
  });

  it('refuses roles without the ticket permissions, and changes nothing', async () => {
    const id = await open('top', '没有权限的人不能处理');
    for (const token of [content, finance]) {
      expect((await adminCall(app, token, 'GET', '/tickets')).status).toBe(403);
      expect((await adminCall(app, token, 'GET', `/tickets/${id}`)).status).toBe(403);
      const reply = await adminCall(app, token, 'POST', `/tickets/${id}/reply`, { body: '越权' });
      expect(reply.status).toBe(403);
      const close = await adminCall(app, token, 'POST', `/tickets/${id}/close`, {});
      expect(close.status).toBe(403);
    }
    const still = await call<Detail>('top', 'GET', `detail?id=${id}`);
    expect(still.data).toMatchObject({ status: 1, replies: 0 });
    // Agents' tokens never open the console's queue.
    expect((await adminCall(app, tokens.top, 'GET', '/tickets')).status).toBe(401);
  });
});
