import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { monthlyAllowances, systemParams } from '../db/schema';
import { select, selectOne } from '../db/typed';
import { platformAccountId, ensureAgentAccounts } from '../db/ledger-accounts';
import { postEntry } from '../modules/ledger/post-entry';
import { runJob, type JobOutcome } from '../db/job-runs';
import { monthBounds, previousMonth } from '../lib/periods';

export interface AllowanceRule {
  minActivations: number;
  perActivationFen: number;
}

const DEFAULT_RULE: AllowanceRule = { minActivations: 3, perActivationFen: 500 };

/** The rule in system parameter monthly_allowance_rule (JSON), or the default. */
export async function allowanceRule(db: Db): Promise<AllowanceRule> {
  const row = await selectOne(
    db,
    { value: systemParams.value },
    sql`FROM ${systemParams} WHERE ${systemParams.key} = 'monthly_allowance_rule'`,
  );
  try {
    const parsed = JSON.parse(row?.value ?? '{}') as Partial<AllowanceRule>;
    return {
      minActivations: Number.isSafeInteger(parsed.minActivations)
        ? parsed.minActivations!
        : DEFAULT_RULE.minActivations,
      perActivationFen: Number.isSafeInteger(parsed.perActivationFen)
        ? parsed.perActivationFen!
        : DEFAULT_RULE.perActivationFen,
    };
  } catch {
    return DEFAULT_RULE;
  }
}

/**
 * The monthly allowance (shown as 月度津贴; recorded as the monthly activation base subsidy):
 * an agent whose own merchants' terminals activated at least minActivations times in the
 * Asia/Shanghai month earns perActivationFen for each of them, into its reward wallet. It is the
 * agent's own allowance, not shared up the chain. Once per agent and month (the allowance row and
 * its posting commit together).
 */
export async function payMonthlyAllowance(db: Db, month: string): Promise<JobOutcome> {
  const rule = await allowanceRule(db);
  const { start, end } = monthBounds(month);
  return db.transaction(async (tx) => {
    const a = alias(monthlyAllowances, 'paid');
    const paid = await select(
      tx,
      { agentId: a.agentId, amountFen: a.amountFen, activations: a.activations },
      sql`FROM paid`,
      {
        with: sql`WITH paid AS (INSERT INTO monthly_allowances (agent_id, month, top_id, activations, amount_fen)
          SELECT m.agent_id, ${`${month}-01`}::date, max(m.top_id), count(*), count(*) * ${rule.perActivationFen}::bigint
            FROM terminals t JOIN merchants m ON m.id = t.merchant_id
           WHERE t.activated_at >= ${start} AND t.activated_at < ${end} AND t.deleted_at IS NULL
           GROUP BY m.agent_id
          HAVING count(*) >= ${rule.minActivations}
          ORDER BY m.agent_id
          ON CONFLICT (agent_id, month) DO NOTHING
          RETURNING agent_id, amount_fen, activations)`,
      },
    );
    const positive = paid.filter((p) => p.amountFen > 0);
    if (positive.length === 0) return { processed: paid.length, postedFen: 0 };
    const accounts = await ensureAgentAccounts(
      tx,
      positive.map((p) => ({ agentId: p.agentId, walletType: 'reward' as const })),
    );
    const total = positive.reduce((s, p) => s + p.amountFen, 0);
    const expense = await platformAccountId(tx, 'reward_expense');
    for (const p of positive) {
      const agentId = p.agentId;
      const amount = p.amountFen;
      await postEntry(tx, {
        idemKey: `allowance:${month}:${agentId}`,
        reason: 'monthly_allowance',
        memo: `${month} monthly allowance`,
        lines: [
          {
            accountId: accounts.get(`${agentId}:reward`)!,
            amountFen: amount,
            infoType: 'monthly_activation_base_subsidy',
            // For an allowance the explanation is the rule: the amount per activation and the count.
            ownCost: rule.perActivationFen,
            lowerRate: p.activations,
            detail: {
              month,
              activations: p.activations,
              perActivationFen: rule.perActivationFen,
              minActivations: rule.minActivations,
            },
          },
          { accountId: expense, amountFen: -amount, infoType: 'monthly_activation_base_subsidy' },
        ],
      });
    }
    return { processed: paid.length, postedFen: total };
  });
}

export function runMonthlyAllowanceJob(db: Db, now: Date = new Date(), month = previousMonth(now)) {
  return runJob(db, 'monthly_allowance', month, () => payMonthlyAllowance(db, month));
}
