import {
  judgeScheme,
  rewardSchemeTermsSchema,
  splitStageReward,
  type TerminalScheme,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { andInTree } from '../../db/tree';
import type { Caller } from '../../plugins/auth';
import { num } from '../ledger/accounts';
import { findTerminalInScope } from '../terminals/get-terminal-info';
import { chainLevels, toSchemeTxn } from './schemes';

const asJson = <T>(v: unknown): T => (typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
const REWARD_STATUS = ['recorded', 'held', 'credited', 'forfeited'] as const;
const REVIEW = ['pending', 'released', 'forfeited'] as const;

/**
 * A terminal's reward scheme as its agents see it: the stages of the scheme frozen at activation,
 * each with its window, target and progress from the terminal's trades (judged by core's
 * judgeScheme at this moment), the chain's reward and the caller's own share of it, and what
 * became of the recorded reward. The terminal must be in the caller's scope.
 */
export async function getTerminalScheme(
  db: DbOrTx,
  caller: Caller,
  q: { sn: string },
  now: Date = new Date(),
): Promise<TerminalScheme> {
  const t = await findTerminalInScope(db, caller, { sn: q.sn });
  const terminalId = num(t.id);
  const sn = String(t.sn);
  const [s] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ts.*, p.name AS policy_name, fa.status AS review
          FROM terminal_schemes ts LEFT JOIN policies p ON p.id = ts.policy_id
          LEFT JOIN false_activations fa ON fa.terminal_id = ts.terminal_id AND fa.top_id = ts.top_id
         WHERE ts.terminal_id = ${terminalId}${andInTree(sql`ts.top_id`, caller)}`,
  );
  if (!s) {
    return {
      sn,
      frozen: false,
      policyName: null,
      version: null,
      activatedAt: null,
      unit: null,
      measure: null,
      missEnds: false,
      review: null,
      stages: [],
    };
  }
  const terms = rewardSchemeTermsSchema.parse(asJson(s.terms));
  const activatedAt = new Date(s.activated_at as string | Date);
  const trades = await rows<Record<string, unknown>>(
    db,
    sql`SELECT amount_fen, kind, status, card_type, total_type, trade_time FROM transactions
         WHERE terminal_id = ${terminalId} AND trade_time >= ${activatedAt} AND trade_time <= ${now}
           AND flag IS NULL AND top_id = ${num(s.top_id)}`,
  );
  const stages = judgeScheme({ terms, activatedAt, transactions: trades.map(toSchemeTxn), now });
  const rewards = await rows<{ stage_index: unknown; status: unknown }>(
    db,
    sql`SELECT stage_index, status FROM scheme_rewards
         WHERE terminal_id = ${terminalId} AND stage_index >= 0 AND top_id = ${num(s.top_id)}`,
  );
  const rewardOf = new Map(rewards.map((r) => [num(r.stage_index), num(r.status)]));
  const chain = await chainLevels(db, String(s.agent_path), num(s.top_id));
  const myId = caller.agentId;
  return {
    sn,
    frozen: true,
    policyName: s.policy_name == null ? null : String(s.policy_name),
    version: num(s.version),
    activatedAt: activatedAt.toISOString(),
    unit: terms.unit,
    measure: terms.measure,
    missEnds: terms.missEnds,
    review: s.review == null ? null : REVIEW[num(s.review)]!,
    stages: stages.map((st, i) => {
      const split = splitStageReward(terms.stages[i]!, chain);
      const recorded = rewardOf.get(i);
      return {
        stage: i + 1,
        start: st.start.toISOString(),
        end: st.end.toISOString(),
        target: st.target,
        progress: st.progress,
        status: st.status,
        rewardFen: split.shares.reduce((a, x) => a + x.amountFen, 0),
        myShareFen: split.shares.find((x) => x.agentId === myId)?.amountFen ?? 0,
        rewardStatus: recorded === undefined ? null : REWARD_STATUS[recorded]!,
      };
    }),
  };
}
