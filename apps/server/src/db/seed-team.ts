import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/crypto';
import { createAgent } from '../modules/agents/create-agent';
import type { Db } from './client';
import { agents, type AgentRow } from './schema';

const DAY_MS = 86_400_000;

/** Sub-agents that give the demo trees some breadth; all sign in with demo123. */
const TEAM_DEMO = [
  { mobile: '13800000011', name: '陈静', parent: 'top', level: 2, ageDays: 160 },
  { mobile: '13800000012', name: '刘洋', parent: 'top', level: 2, ageDays: 95 },
  { mobile: '13800000013', name: '周杰', parent: 'top', level: 1, ageDays: 40 },
  { mobile: '13800000014', name: '吴芳', parent: 'top', level: 1, ageDays: 3 },
  { mobile: '13800000021', name: '孙丽', parent: 'child', level: 1, ageDays: 70 },
  { mobile: '13800000031', name: '马超', parent: '13800000011', level: 1, ageDays: 20 },
  { mobile: '13900000011', name: '郑浩', parent: 'otherTop', level: 2, ageDays: 50 },
] as const;

type DemoAgents = Record<'top' | 'child' | 'grandchild' | 'otherTop', AgentRow>;

/**
 * The team feature's demo data: a few more sub-agents under the demo trees. It writes no figures:
 * the team pages' figures are rollups of the demo's merchants, activations and settled
 * transactions (the terminals and ledger seeds), as they are of real events.
 */
export async function seedTeam(db: Db, demo: DemoAgents, opts: { scryptCost?: number } = {}) {
  const byKey = new Map<string, AgentRow>(Object.entries(demo));
  let passwordHash: string | undefined;
  for (const entry of TEAM_DEMO) {
    const [found] = await db.select().from(agents).where(eq(agents.mobile, entry.mobile));
    if (found) {
      byKey.set(entry.mobile, found);
      continue;
    }
    const parent = byKey.get(entry.parent);
    if (!parent) continue;
    passwordHash ??= await hashPassword('demo123', opts.scryptCost ?? 16384);
    const created = await createAgent(db, {
      mobile: entry.mobile,
      passwordHash,
      name: entry.name,
      parent,
      level: entry.level,
    });
    // Joined some time ago, so "new agents this month" is not everyone.
    const [aged] = await db
      .update(agents)
      .set({ createdAt: new Date(Date.now() - entry.ageDays * DAY_MS) })
      .where(eq(agents.id, created.id))
      .returning();
    byKey.set(entry.mobile, aged ?? created);
  }
}
