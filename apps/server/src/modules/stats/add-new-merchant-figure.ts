import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { shanghaiDaySql } from '../../lib/shanghai-dates';

/**
 * One more new merchant for its direct agent on its sign-up day (createMerchant's transaction).
 * Part of the agent_daily_stats rollup (stats/rollups.ts says who writes each figure).
 */
export async function addNewMerchantFigure(
  tx: DbOrTx,
  merchant: { agentId: number; topId: number; createdAt: Date },
) {
  await tx.execute(sql`
    INSERT INTO agent_daily_stats AS d (agent_id, top_id, day, new_merchants)
    VALUES (${merchant.agentId}, ${merchant.topId}, ${shanghaiDaySql(sql`${merchant.createdAt}::timestamptz`)}, 1)
    ON CONFLICT (agent_id, day) DO UPDATE SET new_merchants = d.new_merchants + 1`);
}
