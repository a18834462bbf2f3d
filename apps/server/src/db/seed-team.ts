import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '../lib/crypto';
import { createAgent } from '../modules/agents/create-agent';
import { currentMonth, monthKey, shiftMonth } from '../modules/team/month';
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
 * The team feature's demo data: a few more sub-agents under the demo trees and each demo agent's
 * own daily figures from the first day of the month before last up to today (Asia/Shanghai), so
 * the team pages show realistic months. Figures are drawn from a hash of (agent, day): the same
 * on every run, and running again only adds the days that passed since.
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

  const ids = [...new Set([...byKey.values()].map((a) => a.id))];
  const from = monthKey(shiftMonth(currentMonth(), -2));
  const today = new Date(Date.now() + 8 * 3600 * 1000).toISOString().slice(0, 10);
  await db.execute(sql`
    INSERT INTO agent_daily_stats
      (agent_id, top_id, day, trade_amount_fen, trade_count, new_merchants, activated_terminals)
    SELECT a.id, a.top_id, g.day, 50000 + g.h % 2950000, 1 + g.h % 40,
           CASE WHEN g.h % 11 = 0 THEN 1 ELSE 0 END, CASE WHEN g.h % 13 = 0 THEN 1 ELSE 0 END
      FROM agents a
      CROSS JOIN LATERAL (
        SELECT d::date AS day, abs(hashtext(a.id::text || ':' || d::date::text)::bigint) AS h
          FROM generate_series(${from}::date, ${today}::date, interval '1 day') d
      ) g
     WHERE a.id IN (${sql.join(
       ids.map((id) => sql`${id}`),
       sql`, `,
     )}) AND a.top_id IS NOT NULL AND g.h % 7 <> 0
       -- Nobody trades before joining (days in Asia/Shanghai).
       AND g.day >= ((a.created_at AT TIME ZONE 'UTC') + interval '8 hours')::date
    ON CONFLICT (agent_id, day) DO NOTHING`);
}
