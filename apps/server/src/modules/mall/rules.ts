import { DEFAULT_MALL_RULES, MALL_RULES_PARAM, mallRules, type MallRules } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { systemParams } from '../../db/schema';
import { selectOne } from '../../db/typed';
import { agentAccountId, platformAccountId, PLATFORM_ACCOUNTS } from '../../db/ledger-accounts';
import { postEntry } from '../ledger/post-entry';

/**
 * The mall's rules from the system parameter mall_rules (edited in the console): points per
 * activated terminal and the postage of ways 2 and 3. A value that does not parse counts as the
 * defaults (the console refuses to save one).
 */
export async function readMallRules(db: DbOrTx): Promise<MallRules> {
  return (await readStoredMallRules(db)).rules;
}

/** The rules in force and whether they are the stored parameter (false: the defaults apply). */
export async function readStoredMallRules(
  db: DbOrTx,
): Promise<{ rules: MallRules; stored: boolean }> {
  const row = await selectOne(
    db,
    { value: systemParams.value },
    sql`FROM system_params WHERE ${systemParams.key} = ${MALL_RULES_PARAM}`,
  );
  if (!row) return { rules: DEFAULT_MALL_RULES, stored: false };
  try {
    const parsed = mallRules.safeParse(JSON.parse(row.value));
    return parsed.success
      ? { rules: parsed.data, stored: true }
      : { rules: DEFAULT_MALL_RULES, stored: false };
  } catch {
    return { rules: DEFAULT_MALL_RULES, stored: false };
  }
}

/**
 * Points for an activated terminal (decision 012): the terminal's direct agent (the agent of its
 * merchant) earns the rule's points once per terminal, posted from the platform's points account
 * in the activation's own transaction. Nothing is posted when the rule gives 0.
 */
export async function awardActivationPoints(
  tx: DbOrTx,
  input: { agentId: number; terminalId: number; sn: string },
): Promise<number> {
  const { pointsPerActivation } = await readMallRules(tx);
  if (pointsPerActivation <= 0) return 0;
  await postEntry(tx, {
    idemKey: `points:activation:${input.terminalId}`,
    reason: 'points_activation',
    memo: input.sn,
    lines: [
      {
        accountId: await platformAccountId(tx, PLATFORM_ACCOUNTS.pointsIssued),
        amountFen: -pointsPerActivation,
        infoType: 'points_activation',
        detail: { sn: input.sn },
      },
      {
        accountId: await agentAccountId(tx, input.agentId, 'points'),
        amountFen: pointsPerActivation,
        infoType: 'points_activation',
        detail: { sn: input.sn },
      },
    ],
  });
  return pointsPerActivation;
}
