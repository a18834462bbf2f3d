import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';

const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;

let finance: string;

beforeAll(async () => {
  finance = await adminLogin(app, 'finance');
});

const propose = async (reason: string, amountFen: number) => {
  const made = await adminCall<{ id: number }>(app, finance, 'POST', '/adjustments/create', {
    agentId: ctx.demo.child.id,
    walletType: 'reward',
    amountFen,
    reason,
  });
  expect(made.body.code, made.body.msg).toBe(200);
  return made.body.data.id;
};

describe('CSV exports', () => {
  it('escape text cells a spreadsheet would run as formulas and keep amounts numbers', async () => {
    const reasons = [`-2+3+cmd|' /C calc'!A0`, '=1+1', '@SUM(A1)', '+1'];
    const ids: number[] = [];
    for (const reason of reasons) ids.push(await propose(reason, -250));
    // The API trims reasons, so a leading tab or carriage return can only come from elsewhere.
    const tab = await propose('tab', 100);
    const cr = await propose('cr', 100);
    await ctx.database.db.execute(
      sql`UPDATE ledger_adjustments SET reason = CASE id WHEN ${tab} THEN ${'\tx'} ELSE ${'\rx'} END
          WHERE id IN (${tab}, ${cr})`,
    );

    const csv = await adminCall(app, finance, 'GET', '/adjustments?format=csv');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.body.raw!;
    const line = (id: number) => text.split('\r\n').find((l) => l.startsWith(`${id},`))!;

    expect(line(ids[0]!)).toContain(`,reward,-2.50,'-2+3+cmd|' /C calc'!A0,`);
    expect(line(ids[1]!)).toContain(`,reward,-2.50,'=1+1,`);
    expect(line(ids[2]!)).toContain(`,reward,-2.50,'@SUM(A1),`);
    expect(line(ids[3]!)).toContain(`,reward,-2.50,'+1,`);
    expect(line(tab)).toContain(`,reward,1.00,'\tx,`);
    // A carriage return inside a cell makes it quoted, so its record spans the line break.
    expect(text).toContain(`\r\n${cr},`);
    expect(text).toContain(`,reward,1.00,"'\rx",`);
    // No cell of the file begins with a formula character unescaped.
    for (const l of text.split('\r\n')) {
      for (const cell of l.split(',')) expect(cell).not.toMatch(/^[=+@\t]/);
    }
  });

  it('write times as YYYY-MM-DD HH:mm:ss in Asia/Shanghai under a header that says so', async () => {
    const id = await propose('time', 100);
    await ctx.database.db.execute(
      sql`UPDATE ledger_adjustments SET created_at = '2026-11-27T17:41:09.423Z' WHERE id = ${id}`,
    );
    const text = (await adminCall(app, finance, 'GET', '/adjustments?format=csv')).body.raw!;
    expect(text.split('\r\n')[0]).toContain('发起时间(北京时间)');
    const line = text.split('\r\n').find((l) => l.startsWith(`${id},`))!;
    expect(line).toContain('2026-11-28 01:41:09');
    expect(line).not.toContain('T17:41');
  });
});
