import { EARNING_INFO_TYPES } from '@pos/core';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { adminCall, adminLogin } from './admin-helpers';
import { createTestContext } from './helpers';

/**
 * The dashboard's money figures held against the ledger itself: shares paid are the earnings
 * lines credited to agents (net of refund reversals), and adjustments are their own figure, so an
 * approved adjustment moves only that one.
 */
const ctx = await createTestContext({ adminTotp: false });
const { app } = ctx;
const db = ctx.database.db;

let finance: string;
let superAdmin: string;

beforeAll(async () => {
  finance = await adminLogin(app, 'finance');
  superAdmin = await adminLogin(app, 'super_admin');
});

interface Figures {
  sharesPaidFen: number;
  adjustmentsFen: number;
}
const dashboard = async () =>
  (await adminCall<{ today: Figures; month: Figures }>(app, finance, 'GET', '/dashboard')).body
    .data;

/** Agents' ledger lines of this month (China time) whose info type is in the list. */
const ledgerSum = async (types: readonly string[]) =>
  Number(
    (
      await rows<{ s: unknown }>(
        db,
        sql`SELECT coalesce(sum(amount_fen), 0) AS s FROM ledger_lines
             WHERE agent_id IS NOT NULL AND info_type = ANY(${sql.param([...types])}::text[])
               AND created_at >= (date_trunc('month', now() AT TIME ZONE 'Asia/Shanghai') AT TIME ZONE 'Asia/Shanghai')`,
      )
    )[0]!.s,
  );

describe('dashboard figures', () => {
  it('shares paid are the month’s earnings lines in the ledger, adjustments apart', async () => {
    const d = await dashboard();
    expect(d.month.sharesPaidFen).toBe(await ledgerSum(EARNING_INFO_TYPES));
    expect(d.month.adjustmentsFen).toBe(await ledgerSum(['manual_adjustment']));
    expect(d.month.sharesPaidFen).toBeGreaterThan(0);
  });

  it('an approved adjustment moves the adjustments figure and not shares paid', async () => {
    const before = await dashboard();
    const made = await adminCall<{ id: number }>(app, finance, 'POST', '/adjustments/create', {
      agentId: ctx.demo.child.id,
      walletType: 'reward',
      amountFen: 58888,
      reason: '活动补发',
    });
    expect(made.body.code, made.body.msg).toBe(200);
    const checked = await adminCall(app, superAdmin, 'POST', '/adjustments/decide', {
      id: made.body.data.id,
      approve: true,
    });
    expect(checked.body.code, checked.body.msg).toBe(200);
    const after = await dashboard();
    expect(after.month.sharesPaidFen).toBe(before.month.sharesPaidFen);
    expect(after.month.adjustmentsFen).toBe(before.month.adjustmentsFen + 58888);
    expect(after.month.sharesPaidFen).toBe(await ledgerSum(EARNING_INFO_TYPES));
  });
});
