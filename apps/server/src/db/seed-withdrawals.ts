import { idCardCheckDigit, luhnCheck, maskBankCard, maskIdCard } from '@pos/core';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { hashPassword, makeCipher, type Cipher } from '../lib/crypto';
import { agentBalances } from './ledger-accounts';
import { applyWithdrawal } from '../modules/withdrawals/apply-withdrawal';
import { payOutWithdrawals } from '../modules/withdrawals/pay-out-withdrawals';
import { SimulatedPayoutBank } from '../providers/payout/payout-bank';
import { approveWithdrawal, rejectWithdrawal } from '../modules/withdrawals/review-withdrawal';
import type { Caller } from '../plugins/auth';
import type { Db } from './client';
import { agents, settleAccounts, withdrawals, type AgentRow } from './schema';

type Accounts = Record<'operator' | 'top' | 'child', AgentRow>;

/** The demo pay password of the verified demo agents (listed in the README with the logins). */
export const DEMO_PAY_PASSWORD = '123456';

/** A demo ID number: the 17 given digits plus their check character. */
const demoIdCard = (first17: string) => first17 + idCardCheckDigit(first17)!;

/** A demo bank card number: the given digits plus the Luhn check digit. */
function demoCardNo(body: string): string {
  for (let d = 0; d <= 9; d++) if (luhnCheck(body + d)) return body + d;
  throw new Error(`no Luhn digit for ${body}`);
}

const asCaller = (a: AgentRow): Caller => ({
  agentId: a.id,
  role: a.role as Caller['role'],
  path: a.path,
  topId: a.topId,
  sessionId: 'seed',
  mustChangePassword: false,
});

/**
 * Demo withdrawal setup: the demo top agent and its child are real-name verified (the name of the
 * demo account, a made-up ID number stored encrypted and masked as verification stores it), have
 * their own settlement card (holder = that name) and the pay password 123456; the top agent has
 * two past withdrawals, one paid and one rejected, made through the real use cases (so the ledger
 * stays balanced). Each part is skipped when it is already there, so running it again changes
 * nothing. The cipher defaults to the one the app builds from the configured DATA_KEY.
 */
export async function seedWithdrawals(
  db: Db,
  accounts: Accounts,
  opts: { scryptCost: number; cipher?: Cipher },
) {
  const config = loadConfig();
  const cipher = opts.cipher ?? makeCipher(config.dataKey);
  const rules = { feeFen: config.withdrawFeeFen, taxPpm: config.withdrawTaxPpm };
  const people = [
    {
      agent: accounts.top,
      idCard: demoIdCard('11010519800101001'),
      bank: '建设银行',
      card: demoCardNo('621700001000000001'),
    },
    {
      agent: accounts.child,
      idCard: demoIdCard('11010519850615002'),
      bank: '工商银行',
      card: demoCardNo('622202001000000002'),
    },
  ];

  for (const p of people) {
    const [me] = await db.select().from(agents).where(eq(agents.id, p.agent.id));
    if (!me) continue;
    if (!me.realNameVerified) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`
          INSERT INTO agent_identities (agent_id, real_name, status, verified_at)
          VALUES (${me.id}, ${me.name}, 2, now())
          ON CONFLICT (agent_id) DO UPDATE SET real_name = EXCLUDED.real_name, status = 2,
            reason = NULL, verified_at = now(), updated_at = now()`);
        await tx.execute(sql`
          UPDATE agents SET real_name_verified = true, id_card_enc = ${cipher.encrypt(p.idCard)},
                 id_card_masked = ${maskIdCard(p.idCard)}, updated_at = now()
           WHERE id = ${me.id}`);
      });
    }
    const [own] = await db
      .select({ id: settleAccounts.id })
      .from(settleAccounts)
      .where(
        and(
          eq(settleAccounts.agentId, me.id),
          eq(settleAccounts.kind, 'own'),
          isNull(settleAccounts.deletedAt),
        ),
      );
    if (!own) {
      await db.insert(settleAccounts).values({
        agentId: me.id,
        topId: me.topId,
        kind: 'own',
        holderName: me.name,
        bankName: p.bank,
        cardEnc: cipher.encrypt(p.card),
        cardMasked: maskBankCard(p.card),
      });
    }
    if (!me.payPasswordHash) {
      await db
        .update(agents)
        .set({
          payPasswordHash: await hashPassword(DEMO_PAY_PASSWORD, opts.scryptCost),
          updatedAt: sql`now()`,
        })
        .where(eq(agents.id, me.id));
    }
  }

  // Two past withdrawals of the top agent's profit wallet: one paid, one rejected.
  const top = accounts.top;
  const operator = asCaller(accounts.operator);
  const [card] = await db
    .select({ id: settleAccounts.id })
    .from(settleAccounts)
    .where(
      and(
        eq(settleAccounts.agentId, top.id),
        eq(settleAccounts.kind, 'own'),
        isNull(settleAccounts.deletedAt),
      ),
    );
  if (!card) return;
  const past = [
    { key: 'demo-paid', amountFen: 3000, outcome: 'paid' as const },
    { key: 'demo-rejected', amountFen: 2000, outcome: 'rejected' as const },
  ];
  for (const w of past) {
    const [found] = await db
      .select({ id: withdrawals.id })
      .from(withdrawals)
      .where(and(eq(withdrawals.agentId, top.id), eq(withdrawals.idemKey, w.key)));
    if (found) continue;
    // Only from earnings the demo history really gave (keeping most of it to withdraw live).
    const available = (await agentBalances(db, top.id)).profit ?? 0;
    if (available < w.amountFen * 3) continue;
    const made = await applyWithdrawal(
      db,
      asCaller(top),
      {
        walletType: 'profit',
        amountFen: w.amountFen,
        accountId: card.id,
        payPassword: DEMO_PAY_PASSWORD,
        idempotencyKey: w.key,
      },
      rules,
    );
    if (w.outcome === 'rejected') {
      await rejectWithdrawal(db, operator, { id: made.id, reason: '结算卡信息待核实（演示）' });
    } else {
      await approveWithdrawal(db, operator, made.id);
      await payOutWithdrawals({ db, bank: new SimulatedPayoutBank(), cipher }, made.id);
    }
  }
}
