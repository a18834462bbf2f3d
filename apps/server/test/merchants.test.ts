import { idCardCheckDigit } from '@pos/core';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { runSettlement } from '../src/modules/settlement/run-settlement';
import { ingestNotification } from '../src/modules/transactions/ingest-notification';
import { bearer, createTestContext, DEMO_ACCOUNTS, loginAs } from './helpers';
import { PNG, uploadMerchantFile } from './upload-helpers';

const { app, demo, database } = await createTestContext();
const db = database.db;
const operator = await loginAs(app, DEMO_ACCOUNTS.operator.mobile, DEMO_ACCOUNTS.operator.password);
const top = await loginAs(app, DEMO_ACCOUNTS.top.mobile);
const child = await loginAs(app, DEMO_ACCOUNTS.child.mobile);
const grandchild = await loginAs(app, DEMO_ACCOUNTS.grandchild.mobile);
const otherTop = await loginAs(app, DEMO_ACCOUNTS.otherTop.mobile);

const get = (token: string, url: string) =>
  app.inject({ method: 'GET', url: `/prod-api${url}`, headers: bearer(token) });
const post = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url: `/prod-api${url}`, payload, headers: bearer(token) });

const upload = (token: string, merchantId: number, kind: string, file: Buffer, type?: string) =>
  uploadMerchantFile(app, token, merchantId, kind, file, type);

async function firstOwnMerchant(token: string, agentId: number) {
  return (await get(token, `/api/merchant/list?agentId=${agentId}&pageSize=1`)).json().data
    .rows[0] as {
    id: number;
    name: string;
  };
}
const merchantsUnder = async (path: string) =>
  Number(
    (
      await rows<{ n: unknown }>(
        db,
        sql`SELECT count(*) AS n FROM merchants WHERE agent_path LIKE ${path + '%'}`,
      )
    )[0]!.n,
  );
const merchantRow = async (id: number) =>
  (await rows<Record<string, unknown>>(db, sql`SELECT * FROM merchants WHERE id = ${id}`))[0]!;

describe('merchant lists and detail', () => {
  it('lists the subtree, own merchants first, each once across pages', async () => {
    const seen: { id: number; own: boolean; agentId: number }[] = [];
    let cursor: string | null = null;
    do {
      const body: { code: number; data: { rows: typeof seen; nextCursor: string | null } } = (
        await get(top, `/api/merchant/list?pageSize=33${cursor ? `&cursor=${cursor}` : ''}`)
      ).json();
      expect(body.code).toBe(200);
      seen.push(...body.data.rows);
      cursor = body.data.nextCursor;
    } while (cursor);
    const total = await merchantsUnder(demo.top.path);
    expect(total).toBeGreaterThanOrEqual(170);
    expect(seen).toHaveLength(total);
    expect(new Set(seen.map((m) => m.id)).size).toBe(total);
    const own = seen.filter((m) => m.own).length;
    expect(own).toBeGreaterThanOrEqual(100);
    expect(seen.slice(0, own).every((m) => m.own)).toBe(true);
    const first = seen[0] as unknown as {
      legalName: string;
      mobile: string;
      terminalCount: number;
    };
    expect(first.legalName).toMatch(/^\p{Script=Han}\*+$/u);
    expect(first.mobile).toMatch(/^137\*{4}\d{4}$/);
    expect((await get(child, '/api/merchant/list?pageSize=100')).json().data.rows).toHaveLength(
      await merchantsUnder(demo.child.path),
    );
    expect((await get(otherTop, '/api/merchant/list?pageSize=100')).json().data.rows).toHaveLength(
      await merchantsUnder(demo.otherTop.path),
    );
  });

  it('searches and filters by condition', async () => {
    const byMobile = (await get(top, '/api/merchant/list?keyword=13700000005')).json().data.rows;
    expect(byMobile).toHaveLength(1);
    const activated = (await get(top, '/api/merchant/list?condition=activated&pageSize=100')).json()
      .data.rows;
    expect(activated.length).toBeGreaterThan(0);
    expect(activated.every((m: { activatedCount: number }) => m.activatedCount > 0)).toBe(true);
    const notActivated = (
      await get(top, '/api/merchant/list?condition=notActivated&pageSize=100')
    ).json().data.rows;
    expect(notActivated.every((m: { activatedCount: number }) => m.activatedCount === 0)).toBe(
      true,
    );
    const noLicence = (await get(top, '/api/merchant/list?condition=noLicence&pageSize=100')).json()
      .data.rows;
    expect(noLicence.every((m: { licenceStatus: number }) => m.licenceStatus !== 2)).toBe(true);
    expect((await get(top, '/api/merchant/list?condition=x')).json()).toMatchObject({
      code: 400,
      msg: '筛选条件不正确',
    });
  });

  it('shows a merchant with its terminals, current rates, real volume and latest trades', async () => {
    // A merchant of the top agent with a bound terminal, paid and settled now.
    const [found] = await rows<{ merchant_id: unknown; sn: string }>(
      db,
      sql`SELECT t.merchant_id, t.sn FROM terminals t JOIN merchants m ON m.id = t.merchant_id
           WHERE m.agent_id = ${demo.top.id} AND t.bind_status IN (1, 3) AND t.deleted_at IS NULL
           ORDER BY t.id LIMIT 1`,
    );
    const id = Number(found!.merchant_id);
    const before = (await get(top, `/api/merchant/info?id=${id}`)).json().data;
    const txnId = `MD-${Date.now()}`;
    await ingestNotification(db, {
      txnId,
      kind: 1,
      sn: found!.sn,
      amountFen: 123_456,
      payType: 1,
      totalType: 1,
      cardType: 1,
      method: 1,
      status: 1,
      tradeTime: new Date().toISOString(),
    });
    await runSettlement(db);

    const body = (await get(top, `/api/merchant/info?id=${id}`)).json();
    expect(body.code).toBe(200);
    const m = body.data;
    expect(m).toMatchObject({ id, own: true, agentName: '张总' });
    expect(m.terminals.length).toBe(m.terminalCount);
    // The volume is the settled trades', this month and in total.
    expect(m.monthVolumeFen).toBe(before.monthVolumeFen + 123_456);
    expect(m.totalVolumeFen).toBe(before.totalVolumeFen + 123_456);
    expect(m.totalVolumeFen).toBeGreaterThanOrEqual(m.monthVolumeFen);
    // The latest trade leads the list.
    expect(m.recentTrades[0]).toMatchObject({
      sn: found!.sn,
      amountFen: 123_456,
      kind: 1,
      status: 1,
    });
    expect(m.recentTrades.length).toBeLessThanOrEqual(10);
    // One rate per rate type of its policy: the merchant's own where set, else the standard.
    const onFile = await rows<{ rate_type: unknown; rate_ppm: unknown }>(
      db,
      sql`SELECT rate_type, rate_ppm FROM merchant_rates WHERE merchant_id = ${id}`,
    );
    const standard = await rows<{ rate_type: unknown; standard_rate: unknown }>(
      db,
      sql`SELECT pr.rate_type, pr.standard_rate FROM policy_rates pr
           JOIN terminals t ON t.policy_id = pr.policy_id WHERE t.sn = ${found!.sn} ORDER BY pr.rate_type`,
    );
    expect(standard.length).toBe(6);
    expect(m.rates).toEqual(
      standard.map((r) => {
        const own = onFile.find((o) => Number(o.rate_type) === Number(r.rate_type));
        return {
          rateType: Number(r.rate_type),
          ratePpm: Number(own?.rate_ppm ?? r.standard_rate),
        };
      }),
    );
  });

  it('answers "not found" for merchants outside the subtree', async () => {
    const topMerchant = await firstOwnMerchant(top, demo.top.id);
    const otherMerchant = await firstOwnMerchant(otherTop, demo.otherTop.id);
    for (const [token, id] of [
      [otherTop, topMerchant.id],
      [child, topMerchant.id],
      [grandchild, topMerchant.id],
      [top, otherMerchant.id],
    ] as const) {
      const res = await get(token, `/api/merchant/info?id=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe('商户不存在');
    }
    expect((await get(child, `/api/merchant/list?agentId=${demo.top.id}`)).statusCode).toBe(404);
  });

  it('sums the subtree figures', async () => {
    const s = (await get(top, '/api/merchant/summary')).json().data;
    expect(s.total).toBe(await merchantsUnder(demo.top.path));
    expect(s.own).toBe(
      Number(
        (
          await rows<{ n: unknown }>(
            db,
            sql`SELECT count(*) AS n FROM merchants WHERE agent_id = ${demo.top.id}`,
          )
        )[0]!.n,
      ),
    );
    expect(s.terminals.total).toBe(2650);
    expect(s.withActivated).toBeGreaterThan(0);
    expect((await get(otherTop, '/api/merchant/summary')).json().data.total).toBe(
      await merchantsUnder(demo.otherTop.path),
    );
  });
});

describe('uploads', () => {
  it('stores a PNG for a merchant in scope and serves it back to the subtree only', async () => {
    const m = await firstOwnMerchant(grandchild, demo.grandchild.id);
    const res = (await upload(grandchild, m.id, 'licence', PNG)).json();
    expect(res).toMatchObject({ code: 200, data: { mime: 'image/png', sizeBytes: PNG.length } });
    const file = await get(top, `/api/merchant/file?id=${res.data.fileId}`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, PNG)).toBe(0);
    expect((await get(otherTop, `/api/merchant/file?id=${res.data.fileId}`)).statusCode).toBe(404);
  });

  it('refuses other types, oversize files and merchants out of scope', async () => {
    const m = await firstOwnMerchant(grandchild, demo.grandchild.id);
    const count = async () =>
      Number((await rows<{ n: unknown }>(db, sql`SELECT count(*) AS n FROM merchant_files`))[0]!.n);
    const before = await count();
    const text = (
      await upload(grandchild, m.id, 'licence', Buffer.from('<svg onload=alert(1)>'), 'image/png')
    ).json();
    expect(text).toMatchObject({ code: 400, msg: '只支持JPG、PNG或WebP图片' });
    const big = (
      await upload(grandchild, m.id, 'licence', Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]))
    ).json();
    expect(big).toMatchObject({ code: 400, msg: '图片不能超过2MB' });
    const kind = (await upload(grandchild, m.id, 'avatar', PNG)).json();
    expect(kind).toMatchObject({ code: 400, msg: '图片类型不正确' });
    const outside = await upload(otherTop, m.id, 'licence', PNG);
    expect(outside.statusCode).toBe(404);
    const parentsMerchant = await firstOwnMerchant(child, demo.child.id);
    expect((await upload(grandchild, parentsMerchant.id, 'licence', PNG)).statusCode).toBe(404);
    expect(await count()).toBe(before);
  });
});

describe('merchant supplement (business licence)', () => {
  it('submits the licence for review, and an operator approves it', async () => {
    const m = await firstOwnMerchant(grandchild, demo.grandchild.id);
    const fileId = (await upload(grandchild, m.id, 'licence', PNG)).json().data.fileId;
    const payload = {
      id: m.id,
      licenceNo: '91350211m000100y43',
      licenceName: '示范便利店',
      licenceAddress: '示范市中心区1号',
      validTo: '长期',
      fileId,
    };
    const bad = (
      await post(grandchild, '/api/merchant/licence', { ...payload, licenceNo: '123' })
    ).json();
    expect(bad).toMatchObject({ code: 400, msg: '营业执照号应为18位统一社会信用代码' });
    const badDate = (
      await post(grandchild, '/api/merchant/licence', { ...payload, validTo: '2026-13-01' })
    ).json();
    expect(badDate.code).toBe(400);
    const res = (await post(grandchild, '/api/merchant/licence', payload)).json();
    expect(res).toMatchObject({ code: 200, data: { status: 1 } });
    const detail = (await get(child, `/api/merchant/info?id=${m.id}`)).json().data;
    expect(detail.licence).toMatchObject({
      status: 1,
      licenceNo: '91350211M000100Y43',
      validTo: '长期',
      fileId,
    });

    expect(
      (await post(grandchild, '/api/merchant/licence/review', { id: m.id, approve: true }))
        .statusCode,
    ).toBe(403);
    const noReason = (
      await post(operator, '/api/merchant/licence/review', { id: m.id, approve: false })
    ).json();
    expect(noReason).toMatchObject({ code: 400, msg: '请填写驳回理由' });
    const ok = (
      await post(operator, '/api/merchant/licence/review', { id: m.id, approve: true })
    ).json();
    expect(ok).toMatchObject({ code: 200, data: { status: 2 } });
    expect(Number((await merchantRow(m.id)).licence_status)).toBe(2);
  });

  it('refuses a file of another merchant and merchants out of scope, changing nothing', async () => {
    const [a, b] = (
      await get(grandchild, `/api/merchant/list?agentId=${demo.grandchild.id}&pageSize=3`)
    ).json().data.rows;
    const fileOfB = (await upload(grandchild, b.id, 'licence', PNG)).json().data.fileId;
    const payload = {
      id: a.id,
      licenceNo: '91350211M000100Y43',
      licenceName: '示范',
      licenceAddress: '示范路1号',
      validTo: '2030-01-01',
      fileId: fileOfB,
    };
    expect((await post(grandchild, '/api/merchant/licence', payload)).json()).toMatchObject({
      code: 400,
      msg: '请上传营业执照照片',
    });
    const outside = await post(otherTop, '/api/merchant/licence', { ...payload, id: b.id });
    expect(outside.statusCode).toBe(404);
    expect((await merchantRow(b.id)).licence_no).toBeNull();
  });
});

describe('identification', () => {
  const first17 = '11010519900307123';
  const idCard = first17 + idCardCheckDigit(first17)!;

  it('verifies the legal person when the name matches, keeping the ID number encrypted and masked', async () => {
    const list = (
      await get(
        grandchild,
        `/api/merchant/list?agentId=${demo.grandchild.id}&condition=notIdentified&pageSize=2`,
      )
    ).json().data.rows;
    const m = list[0];
    const row = await merchantRow(m.id);
    const front = (await upload(grandchild, m.id, 'id_front', PNG)).json().data.fileId;
    const back = (await upload(grandchild, m.id, 'id_back', PNG)).json().data.fileId;
    const base = {
      id: m.id,
      legalName: String(row.legal_name),
      idCard,
      frontFileId: front,
      backFileId: back,
    };

    const badId = (
      await post(grandchild, '/api/merchant/identify', { ...base, idCard: first17 + 'Z' })
    ).json();
    expect(badId).toMatchObject({ code: 400, msg: '证件号码格式错误' });
    const checkDigit = (
      await post(grandchild, '/api/merchant/identify', {
        ...base,
        idCard: first17 + (idCard.endsWith('0') ? '1' : '0'),
      })
    ).json();
    expect(checkDigit).toMatchObject({ code: 400, msg: '证件号码校验位错误' });
    const swapped = (
      await post(grandchild, '/api/merchant/identify', {
        ...base,
        frontFileId: back,
        backFileId: front,
      })
    ).json();
    expect(swapped).toMatchObject({ code: 400, msg: '请上传身份证人像面' });

    const mismatch = (
      await post(grandchild, '/api/merchant/identify', { ...base, legalName: '某某某' })
    ).json();
    expect(mismatch).toMatchObject({
      code: 200,
      data: { status: 2, reason: '法人姓名与商户登记信息不一致' },
    });
    const ok = (await post(grandchild, '/api/merchant/identify', base)).json();
    expect(ok).toMatchObject({ code: 200, msg: '认证成功', data: { status: 1 } });
    const detail = (await get(top, `/api/merchant/info?id=${m.id}`)).json().data;
    expect(detail.identification).toMatchObject({
      status: 1,
      idCardMasked: `110105********${idCard.slice(-4)}`,
    });
    const stored = await merchantRow(m.id);
    expect(String(stored.id_card_enc)).not.toContain(idCard);
    expect(app.cipher.decrypt(String(stored.id_card_enc))).toBe(idCard);
    const twice = (await post(grandchild, '/api/merchant/identify', base)).json();
    expect(twice).toMatchObject({ code: 400, msg: '该商户已认证' });
  });

  it('refuses merchants out of scope', async () => {
    const m = await firstOwnMerchant(top, demo.top.id);
    const before = await merchantRow(m.id);
    const res = await post(child, '/api/merchant/identify', {
      id: m.id,
      legalName: '张三',
      idCard,
      frontFileId: 1,
      backFileId: 2,
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().msg).toBe('商户不存在');
    expect(await merchantRow(m.id)).toEqual(before);
  });
});
