import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/db/client';
import { agentAccountId, agentBalances, platformAccountId } from '../src/db/ledger-accounts';
import { ledgerHealth } from '../src/modules/ledger/ledger-health';
import {
  InsufficientBalanceError,
  postEntry,
  reverseEntry,
} from '../src/modules/ledger/post-entry';
import { recoverArrears } from '../src/modules/ledger/recover-arrears';
import { createTestContext } from './helpers';

const ctx = await createTestContext();
const db = ctx.database.db;
const { demo } = ctx;

/** The database's own message (drizzle wraps it as the cause of "Failed query"). */
async function failure(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    const e = err as Error & { cause?: Error };
    return `${e.message} ${e.cause?.message ?? ''}`;
  }
  return 'no error';
}

const healthy = {
  globalSumFen: 0,
  linesSumFen: 0,
  negativeAgentAccounts: 0,
  unbalancedEntries: 0,
  balanceMismatches: 0,
  refundsAwaitingOriginal: 0,
  feesSuperseded: 0,
};

describe('double-entry postings', () => {
  it('moves balances only through balanced entries, idempotently by key', async () => {
    const expense = await platformAccountId(db, 'share_expense');
    const profit = await agentAccountId(db, demo.child.id, 'profit');
    const before = (await agentBalances(db, demo.child.id)).profit ?? 0;
    const lines = [
      { accountId: profit, amountFen: 1234, infoType: 'trade_profit' },
      { accountId: expense, amountFen: -1234, infoType: 'trade_profit' },
    ];
    const first = await postEntry(db, { idemKey: 'ledger-test:1', reason: 'test', lines });
    const again = await postEntry(db, { idemKey: 'ledger-test:1', reason: 'test', lines });
    expect(first.created).toBe(true);
    expect(again).toEqual({ entryId: first.entryId, created: false });
    expect((await agentBalances(db, demo.child.id)).profit).toBe(before + 1234);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });

  it('refuses an entry that does not balance', async () => {
    const profit = await agentAccountId(db, demo.child.id, 'profit');
    await expect(
      postEntry(db, {
        idemKey: 'ledger-test:bad',
        reason: 'test',
        lines: [{ accountId: profit, amountFen: 5, infoType: 'trade_profit' }],
      }),
    ).rejects.toThrow(/does not balance/);
    // The database refuses it too, whoever writes the lines.
    const [entry] = await rows<{ id: unknown }>(
      db,
      sql`INSERT INTO ledger_entries (idem_key, reason) VALUES ('raw', 'test') RETURNING id`,
    );
    expect(
      await failure(
        db.execute(
          sql`INSERT INTO ledger_lines (entry_id, account_id, amount_fen, info_type) VALUES (${Number(entry!.id)}, ${profit}, 5, 'x')`,
        ),
      ),
    ).toMatch(/does not balance/);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });

  it('never lets an agent wallet go below zero, and writes nothing then', async () => {
    const expense = await platformAccountId(db, 'share_expense');
    const frozen = await agentAccountId(db, demo.grandchild.id, 'frozen');
    const before = await ledgerHealth(db);
    await expect(
      db.transaction((tx) =>
        postEntry(tx, {
          idemKey: 'ledger-test:overdraw',
          reason: 'test',
          lines: [
            { accountId: frozen, amountFen: -1, infoType: 'withdrawal' },
            { accountId: expense, amountFen: 1, infoType: 'withdrawal' },
          ],
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    const [gone] = await rows(
      db,
      sql`SELECT 1 FROM ledger_entries WHERE idem_key = 'ledger-test:overdraw'`,
    );
    expect(gone).toBeUndefined();
    expect(await ledgerHealth(db)).toEqual(before);
  });

  it('keeps history: lines and entries cannot be edited or deleted, only reversed', async () => {
    expect(
      await failure(db.execute(sql`UPDATE ledger_lines SET amount_fen = amount_fen + 1`)),
    ).toMatch(/never edited/);
    expect(await failure(db.execute(sql`DELETE FROM ledger_entries`))).toMatch(/never edited/);
    const [entry] = await rows<{ id: unknown }>(
      db,
      sql`SELECT id FROM ledger_entries WHERE idem_key = 'ledger-test:1'`,
    );
    const before = (await agentBalances(db, demo.child.id)).profit!;
    const reversed = await reverseEntry(db, Number(entry!.id), {
      idemKey: 'ledger-test:1:reverse',
      reason: 'correction',
    });
    expect(reversed.created).toBe(true);
    expect((await agentBalances(db, demo.child.id)).profit).toBe(before - 1234);
    const lines = await rows<{ reverses_line_id: unknown }>(
      db,
      sql`SELECT reverses_line_id FROM ledger_lines WHERE entry_id = ${reversed.entryId}`,
    );
    expect(lines.every((l) => l.reverses_line_id !== null)).toBe(true);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });

  it('recovers arrears from later earnings, profit first', async () => {
    const expense = await platformAccountId(db, 'share_expense');
    const receivable = await agentAccountId(db, demo.otherTop.id, 'receivable');
    const profit = await agentAccountId(db, demo.otherTop.id, 'profit');
    const reward = await agentAccountId(db, demo.otherTop.id, 'reward');
    const start = await agentBalances(db, demo.otherTop.id);
    // Owes 500 (a refund took more than the wallet held)...
    await postEntry(db, {
      idemKey: 'ledger-test:owe',
      reason: 'test',
      lines: [
        { accountId: receivable, amountFen: -500, infoType: 'refund_reversal' },
        { accountId: expense, amountFen: 500, infoType: 'refund_reversal' },
      ],
    });
    // ...then earns 300 profit and 400 reward.
    await postEntry(db, {
      idemKey: 'ledger-test:earn',
      reason: 'test',
      lines: [
        { accountId: profit, amountFen: 300, infoType: 'trade_profit' },
        { accountId: reward, amountFen: 400, infoType: 'activation_reward' },
        { accountId: expense, amountFen: -700, infoType: 'trade_profit' },
      ],
    });
    const recovered = await recoverArrears(db, [demo.otherTop.id]);
    expect(recovered).toBe(500);
    const after = await agentBalances(db, demo.otherTop.id);
    expect(after.profit).toBe((start.profit ?? 0) + 300 - Math.min(500, (start.profit ?? 0) + 300));
    expect((after.profit ?? 0) + (after.reward ?? 0)).toBe(
      (start.profit ?? 0) + (start.reward ?? 0) + 700 - 500,
    );
    const [owed] = await rows<{ balance_fen: unknown }>(
      db,
      sql`SELECT balance_fen FROM ledger_accounts WHERE id = ${receivable}`,
    );
    expect(Number(owed!.balance_fen)).toBe(0);
    expect(await recoverArrears(db, [demo.otherTop.id])).toBe(0);
    expect(await ledgerHealth(db)).toEqual(healthy);
  });
});
