import { rewardSchemeTermsSchema, type RewardSchemeTerms } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from './client';

/**
 * The demo's reward scheme (issue 33): the platform's, version 1 of each demo policy that has
 * none. Three stages in calendar months from activation (the activation month is the first),
 * measured by card volume of payments from 10 yuan up, each paid to V1/V2/V3 by level difference;
 * an activation is genuine with one card payment of 100 yuan or more. Terminals take it when the
 * activation job activates them, as live ones do; nothing is activated or credited here.
 */
export const DEMO_SCHEME: RewardSchemeTerms = rewardSchemeTermsSchema.parse({
  unit: 'month',
  measure: 'volume',
  cardTypes: [1, 2],
  minTradeFen: 1_000,
  maxTradeFen: null,
  missEnds: false,
  stages: [
    { length: 1, target: 500_000, rewardsByLevelFen: [3_000, 5_000, 8_000] },
    { length: 1, target: 1_000_000, rewardsByLevelFen: [5_000, 8_000, 10_000] },
    { length: 1, target: 2_000_000, rewardsByLevelFen: [8_000, 12_000, 15_000] },
  ],
  genuine: { minTradeFen: 10_000, cardTypes: [1, 2] },
});

export async function seedRewardSchemes(db: Db) {
  const policies = await rows<{ id: unknown }>(
    db,
    sql`SELECT p.id FROM policies p
         WHERE p.name IN ('联迪标准政策', '新大陆标准政策')
           AND NOT EXISTS (SELECT 1 FROM reward_schemes s WHERE s.policy_id = p.id)`,
  );
  for (const p of policies) {
    await db.execute(
      sql`INSERT INTO reward_schemes (policy_id, version, terms) VALUES (${Number(p.id)}, 1, ${JSON.stringify(DEMO_SCHEME)}::jsonb)
          ON CONFLICT DO NOTHING`,
    );
  }
}
