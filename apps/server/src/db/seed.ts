import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/crypto';
import { createAgent } from '../modules/agents/create-agent';
import type { Db } from './client';
import { agents, type AgentRow } from './schema';
import { seedFoundationContent } from './seed-foundation';
import { seedTeam } from './seed-team';
import { seedPolicies } from './seed-policies';
import { seedRewardSchemes } from './seed-reward-schemes';
import { seedTerminals } from './seed-terminals';
import { seedLedger } from './seed-ledger';
import { seedWithdrawals } from './seed-withdrawals';
import { seedOperators } from './seed-operators';
import { seedMall } from './seed-mall';
import { seedChannels } from './seed-channels';
import { seedSchool } from './seed-school';

/** Demo accounts, listed in the README. Passwords are for the demo only. */
export const DEMO_ACCOUNTS = {
  operator: { mobile: '13800000000', password: 'admin123', name: '平台运营' },
  top: { mobile: '13800000001', password: 'demo123', name: '张总', inviteCode: '10000001' },
  child: { mobile: '13800000002', password: 'demo123', name: '李经理', inviteCode: '10000002' },
  grandchild: {
    mobile: '13800000003',
    password: 'demo123',
    name: '王小二',
    inviteCode: '10000003',
  },
  otherTop: { mobile: '13900000001', password: 'demo123', name: '赵六', inviteCode: '20000001' },
} as const;

/**
 * Loads the demo data into an empty database; running it again changes nothing. Each domain adds
 * its own part in a function below, keyed on something it can find again.
 */
export async function seedDemo(db: Db, opts: { scryptCost?: number } = {}) {
  const cost = opts.scryptCost ?? 16384;
  const ensure = async (
    account: { mobile: string; password: string; name: string; inviteCode?: string },
    parent: AgentRow | null,
    extra: { role?: 'agent' | 'operator'; level?: number } = {},
  ): Promise<AgentRow> => {
    const [found] = await db.select().from(agents).where(eq(agents.mobile, account.mobile));
    if (found) return found;
    return createAgent(db, {
      mobile: account.mobile,
      passwordHash: await hashPassword(account.password, cost),
      name: account.name,
      parent,
      inviteCode: account.inviteCode,
      ...extra,
    });
  };
  const operator = await ensure(DEMO_ACCOUNTS.operator, null, { role: 'operator' });
  const top = await ensure(DEMO_ACCOUNTS.top, null, { level: 3 });
  const child = await ensure(DEMO_ACCOUNTS.child, top, { level: 2 });
  const grandchild = await ensure(DEMO_ACCOUNTS.grandchild, child, { level: 1 });
  const otherTop = await ensure(DEMO_ACCOUNTS.otherTop, null, { level: 3 });
  await seedFoundationContent(db);
  await seedTeam(db, { top, child, grandchild, otherTop }, { scryptCost: cost });
  await seedTerminals(db, { operator, top, child, grandchild, otherTop });
  await seedPolicies(db, { operator, top, child, grandchild, otherTop });
  await seedRewardSchemes(db);
  await seedLedger(db, { operator, top, child, grandchild, otherTop });
  await seedWithdrawals(db, { operator, top, child }, { scryptCost: cost });
  await seedMall(db, { top });
  await seedChannels(db);
  const operators = await seedOperators(db, { scryptCost: cost });
  await seedSchool(db, operators.content);
  return { operator, top, child, grandchild, otherTop, operators };
}
