import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shanghaiDaySql } from '../../lib/shanghai-dates';

/**
 * One more activated terminal for the terminal's merchant's direct agent on its activation day
 * (checkActivation's transaction, right after the terminal became activated). Part of the
 * agent_daily_stats rollup (stats/rollups.ts says who writes each figure).
 */
export async function addActivationFigure(tx: DbOrTx, terminalId: number) {
  await tx.execute(sql`
    INSERT INTO agent_daily_stats AS d (agent_id, top_id, day, activated_terminals)
    SELECT m.agent_id, ag.top_id, ${shanghaiDaySql(sql`t.activated_at`)}, 1
      FROM terminals t JOIN merchants m ON m.id = t.merchant_id JOIN agents ag ON ag.id = m.agent_id
     WHERE t.id = ${terminalId} AND t.activated_at IS NOT NULL AND ag.top_id IS NOT NULL
    ON CONFLICT (agent_id, day) DO UPDATE SET activated_terminals = d.activated_terminals + 1`);
}
