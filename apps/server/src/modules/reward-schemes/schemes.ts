import {
  DEFAULT_GENUINE_RULE,
  judgeGenuineActivation,
  rewardSchemeTermsSchema,
  splitFixed,
  stageWindows,
  type RewardSchemeTerms,
  type SchemeTxn,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  agents,
  falseActivations,
  rewardSchemes,
  schemeRewards,
  terminalSchemes,
  transactions,
  type SchemeRewardShare,
} from '../../db/schema';
import { select, selectOne, type RowOf } from '../../db/typed';
import { loadRewardTerms } from '../../db/reward-terms';
import { chainIds } from '../../db/tree';

/**
 * Reward schemes on the server (issue 33, decision 035): the version of a policy's scheme in
 * force, freezing it onto a terminal at activation, and the genuine-activation check that holds a
 * flagged terminal's rewards. The rules themselves are core's reward-scheme.ts.
 */

export interface SchemeVersion {
  policyId: number;
  version: number;
  terms: RewardSchemeTerms | null;
}

/** The scheme in force for a policy (its highest version), or null when it has none. */
export async function schemeInForce(db: DbOrTx, policyId: number): Promise<SchemeVersion | null> {
  const r = rewardSchemes;
  const row = await selectOne(
    db,
    { policyId: r.policyId, version: r.version, terms: r.terms },
    sql`FROM reward_schemes WHERE ${r.policyId} = ${policyId} ORDER BY ${r.version} DESC LIMIT 1`,
  );
  if (!row) return null;
  return {
    policyId: row.policyId,
    version: row.version,
    terms: row.terms === null ? null : rewardSchemeTermsSchema.parse(row.terms),
  };
}

/** A recorded share, as posted later by the crediting job (scheme_rewards.shares). */
export type RecordedShare = SchemeRewardShare;

/** What a new reward or a new scheme on a terminal wrote (the CTE of its INSERT). */
const madeReward = alias(schemeRewards, 'made');
const frozen = alias(terminalSchemes, 'made');

/** Records a reward with its shares (status 0 due, or 1 held). Once per terminal and stage. */
export async function recordReward(
  db: DbOrTx,
  input: {
    terminalId: number;
    stageIndex: number;
    infoType: 'activation_reward' | 'standard_reward';
    agentPath: string;
    topId: number;
    shares: RecordedShare[];
    detail: unknown;
    /** 0 due, 1 held, 3 forfeited (see rewardStatusOf). */
    status: RewardStatus;
  },
): Promise<boolean> {
  const amount = input.shares.reduce((s, x) => s + x.amountFen, 0);
  const key =
    input.stageIndex < 0
      ? `activation:${input.terminalId}`
      : `scheme:${input.terminalId}:${input.stageIndex}`;
  const made = await select(db, { id: madeReward.id }, sql`FROM made`, {
    with: sql`WITH made AS (INSERT INTO scheme_rewards (terminal_id, stage_index, info_type, agent_path, top_id, amount_fen,
                                    shares, detail, status, idem_key)
        VALUES (${input.terminalId}, ${input.stageIndex}, ${input.infoType}, ${input.agentPath}, ${input.topId},
                ${amount}, ${JSON.stringify(input.shares)}::jsonb, ${JSON.stringify(input.detail)}::jsonb,
                ${input.status}, ${key})
        ON CONFLICT (terminal_id, stage_index) DO NOTHING RETURNING id)`,
  });
  return made.length > 0;
}

/** The chain's agent levels, bottom-up (a0 first), for a frozen path. */
export async function chainLevels(
  db: DbOrTx,
  path: string,
  topId: number,
): Promise<{ agentId: number; level: number }[]> {
  const ids = chainIds(path);
  // One tree (decision 020): every agent of the chain, its top included, has the top as top_id.
  const found = await select(
    db,
    { id: agents.id, level: agents.level },
    sql`FROM agents WHERE ${agents.id} = ANY(${sql.param(ids)}::bigint[]) AND ${agents.topId} = ${topId}`,
  );
  const level = new Map(found.map((r) => [r.id, r.level]));
  return ids.map((agentId) => ({ agentId, level: level.get(agentId) ?? 1 }));
}

export interface ActivatedTerminal {
  terminalId: number;
  sn: string;
  policyId: number | null;
  agentId: number;
  agentPath: string;
  topId: number;
  boundAt: Date;
  activatedAt: Date;
}

/**
 * What happens to a terminal's scheme at its activation, in the activation's transaction:
 * - the policy's scheme in force (if any) is frozen onto the terminal with the binding agent's chain;
 * - under a scheme, the activation is judged genuine or not by the scheme's rule from the trades
 *   since binding; a false one is flagged for the operators.
 * Returns whether the activation's rewards are held (the caller then records the activation
 * reward with holdActivationReward instead of posting it).
 */
export async function onActivation(
  db: DbOrTx,
  t: ActivatedTerminal,
): Promise<{ held: boolean; frozen: boolean }> {
  if (t.policyId === null) return { held: false, frozen: false };
  const scheme = await schemeInForce(db, t.policyId);
  if (!scheme?.terms) return { held: false, frozen: false };
  const made = await select(db, { terminalId: frozen.terminalId }, sql`FROM made`, {
    with: sql`WITH made AS (INSERT INTO terminal_schemes (terminal_id, policy_id, version, terms, activated_at, agent_id, agent_path, top_id,
                                      next_due_at)
        VALUES (${t.terminalId}, ${t.policyId}, ${scheme.version}, ${JSON.stringify(scheme.terms)}::jsonb,
                ${t.activatedAt}, ${t.agentId}, ${t.agentPath}, ${t.topId},
                ${stageWindows(scheme.terms, t.activatedAt)[0]!.end})
        ON CONFLICT (terminal_id) DO NOTHING RETURNING terminal_id)`,
  });
  if (made.length === 0) {
    return { held: (await rewardStatusOf(db, t.terminalId)) !== 0, frozen: false };
  }
  const trades = await select(
    db,
    SCHEME_TRADE,
    sql`FROM transactions
         WHERE terminal_id = ${t.terminalId} AND trade_time >= ${t.boundAt} AND trade_time <= ${t.activatedAt}
           AND flag IS NULL`,
  );
  const verdict = judgeGenuineActivation(
    trades.map(toSchemeTxn),
    scheme.terms.genuine ?? DEFAULT_GENUINE_RULE,
  );
  if (verdict.genuine) return { held: false, frozen: true };
  await db.execute(
    sql`INSERT INTO false_activations (terminal_id, sn, agent_id, agent_path, top_id, reason, activated_at)
        VALUES (${t.terminalId}, ${t.sn}, ${t.agentId}, ${t.agentPath}, ${t.topId}, ${verdict.reason}, ${t.activatedAt})
        ON CONFLICT (terminal_id) DO NOTHING`,
  );
  return { held: true, frozen: true };
}

export type RewardStatus = 0 | 1 | 3;

/**
 * The status a terminal's new reward is recorded with: due (0) unless its activation is flagged,
 * held (1) while the flag waits for review, forfeited (3) once the review forfeited it.
 */
export async function rewardStatusOf(db: DbOrTx, terminalId: number): Promise<RewardStatus> {
  const f = await selectOne(
    db,
    { status: falseActivations.status },
    sql`FROM false_activations WHERE ${falseActivations.terminalId} = ${terminalId}`,
  );
  if (!f) return 0;
  const s = f.status;
  return s === 1 ? 0 : s === 2 ? 3 : 1;
}

/** A trade as a scheme judges it: read FROM transactions (unaliased). */
export const SCHEME_TRADE = {
  amountFen: transactions.amountFen,
  kind: transactions.kind,
  status: transactions.status,
  cardType: transactions.cardType,
  totalType: transactions.totalType,
  time: transactions.tradeTime,
};

export const toSchemeTxn = (r: RowOf<typeof SCHEME_TRADE>): SchemeTxn => ({ ...r });

/**
 * Records a held terminal's activation reward instead of posting it: split as the activation job
 * would split it (a0 earns R0, ai earns Ri - R(i-1), from each agent's terms under the policy),
 * credited under the same idempotency key (activation:<terminal>) once an operator releases it.
 */
export async function holdActivationReward(
  db: DbOrTx,
  t: ActivatedTerminal & { volumeFen: number },
): Promise<void> {
  if (t.policyId === null) return;
  const policyId = t.policyId;
  const ids = chainIds(t.agentPath);
  const terms = await loadRewardTerms(
    db,
    ids.map((agentId) => ({ agentId, policyId })),
  );
  const split = splitFixed({
    kind: 'activation_reward',
    chain: ids.map((agentId) => {
      const x = terms.get(`${agentId}:${policyId}`);
      return {
        agentId,
        figureFen: x ? x.activationRewardFen : null,
        policyVersion: x?.version ?? null,
      };
    }),
  });
  await recordReward(db, {
    terminalId: t.terminalId,
    stageIndex: -1,
    infoType: 'activation_reward',
    agentPath: t.agentPath,
    topId: t.topId,
    shares: split.shares.map((s) => ({
      agentId: s.agentId,
      amountFen: s.amountFen,
      ownCost: s.basis.ownCost,
      lowerRate: s.basis.lowerRate,
      diff: s.basis.diff,
      policyVersion: s.basis.policyVersion,
    })),
    detail: {
      sn: t.sn,
      terminalId: t.terminalId,
      activatedAt: t.activatedAt.toISOString(),
      volumeFen: t.volumeFen,
    },
    status: 1,
  });
}
