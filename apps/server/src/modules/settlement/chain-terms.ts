import { splitFixed, type FixedSplit, type ShareKind } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import { loadRewardTerms, type RewardTerms } from '../../db/reward-terms';
import { postEntry, type PostingLine } from '../ledger/post-entry';
import { ensureAgentAccounts, platformAccountId } from '../../db/ledger-accounts';
import { chainIds } from '../../db/tree';

export interface RewardEvent {
  /** The merchant's direct agent's path: the chain that shares the reward. */
  agentPath: string;
  policyId: number;
  topId: number | null;
  /** Each agent's own figure from its terms (null when it has no terms). */
  figure: (terms: RewardTerms) => number | null;
  kind: ShareKind;
  volumeFen?: number | null;
  detail?: unknown;
}

/**
 * Splits rewards up their chains (a0 earns R0, ai earns Ri - R(i-1): core splitFixed) and posts
 * them as one entry: each share on the agent's reward wallet with its explanation, the platform's
 * reward expense on the other side. Idempotent by the key. Returns the split of each event and
 * the total posted.
 */
export async function postRewards(
  db: DbOrTx,
  events: readonly RewardEvent[],
  posting: { idemKey: string; reason: string; memo?: string },
): Promise<{ splits: FixedSplit[]; postedFen: number; created: boolean }> {
  const pairs = new Map<string, { agentId: number; policyId: number }>();
  for (const e of events) {
    for (const agentId of chainIds(e.agentPath))
      pairs.set(`${agentId}:${e.policyId}`, { agentId, policyId: e.policyId });
  }
  const terms = await loadRewardTerms(db, [...pairs.values()]);
  const splits = events.map((e) =>
    splitFixed({
      kind: e.kind,
      chain: chainIds(e.agentPath).map((agentId) => {
        const t = terms.get(`${agentId}:${e.policyId}`);
        return { agentId, figureFen: t ? e.figure(t) : null, policyVersion: t?.version ?? null };
      }),
    }),
  );
  const shares = splits.flatMap((s, i) => s.shares.map((share) => ({ share, event: events[i]! })));
  const postedFen = shares.reduce((sum, x) => sum + x.share.amountFen, 0);
  if (shares.length === 0) return { splits, postedFen: 0, created: false };
  const accounts = await ensureAgentAccounts(
    db,
    [...new Set(shares.map((x) => x.share.agentId))].map((agentId) => ({
      agentId,
      walletType: 'reward' as const,
    })),
  );
  const lines: PostingLine[] = shares.map(({ share, event }) => ({
    accountId: accounts.get(`${share.agentId}:reward`)!,
    amountFen: share.amountFen,
    infoType: share.kind,
    volumeFen: event.volumeFen ?? null,
    ownCost: share.basis.ownCost,
    lowerRate: share.basis.lowerRate,
    diff: share.basis.diff,
    policyVersion: share.basis.policyVersion,
    detail: event.detail ?? null,
  }));
  lines.push({
    accountId: await platformAccountId(db, 'reward_expense'),
    amountFen: -postedFen,
    infoType: events[0]!.kind,
  });
  const result = await postEntry(db, { ...posting, lines });
  return { splits, postedFen: result.created ? postedFen : 0, created: result.created };
}
