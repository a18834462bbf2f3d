import {
  judgeScheme,
  rewardSchemeTermsSchema,
  splitStageReward,
  type TerminalScheme,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { falseActivations, policies, schemeRewards, terminalSchemes } from '../../db/schema';
import { orNull, select, selectOne } from '../../db/typed';
import { andInTree } from '../../db/tree';
import type { Caller } from '../../plugins/auth';
import { findTerminalInScope } from '../terminals/get-terminal-info';
import { chainLevels, SCHEME_TRADE, toSchemeTxn } from './schemes';

const ts = alias(terminalSchemes, 'ts');
const p = alias(policies, 'p');
const fa = alias(falseActivations, 'fa');
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
  const terminalId = t.id;
  const sn = t.sn;
  const s = await selectOne(
    db,
    {
      terms: ts.terms,
      activatedAt: ts.activatedAt,
      agentPath: ts.agentPath,
      topId: ts.topId,
      version: ts.version,
      policyName: orNull(p.name),
      review: orNull(fa.status),
    },
    sql`FROM terminal_schemes ts LEFT JOIN policies p ON ${p.id} = ${ts.policyId}
          LEFT JOIN false_activations fa ON ${fa.terminalId} = ${ts.terminalId} AND ${fa.topId} = ${ts.topId}
         WHERE ${ts.terminalId} = ${terminalId}${andInTree(sql`${ts.topId}`, caller)}`,
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
  const terms = rewardSchemeTermsSchema.parse(s.terms);
  const { activatedAt } = s;
  const trades = await select(
    db,
    SCHEME_TRADE,
    sql`FROM transactions
         WHERE terminal_id = ${terminalId} AND trade_time >= ${activatedAt} AND trade_time <= ${now}
           AND flag IS NULL AND top_id = ${s.topId}`,
  );
  const stages = judgeScheme({ terms, activatedAt, transactions: trades.map(toSchemeTxn), now });
  const r = schemeRewards;
  const rewards = await select(
    db,
    { stageIndex: r.stageIndex, status: r.status },
    sql`FROM scheme_rewards
         WHERE ${r.terminalId} = ${terminalId} AND ${r.stageIndex} >= 0 AND ${r.topId} = ${s.topId}`,
  );
  const rewardOf = new Map(rewards.map((x) => [x.stageIndex, x.status]));
  const chain = await chainLevels(db, s.agentPath, s.topId);
  const myId = caller.agentId;
  return {
    sn,
    frozen: true,
    policyName: s.policyName,
    version: s.version,
    activatedAt: activatedAt.toISOString(),
    unit: terms.unit,
    measure: terms.measure,
    missEnds: terms.missEnds,
    review: s.review === null ? null : REVIEW[s.review]!,
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
