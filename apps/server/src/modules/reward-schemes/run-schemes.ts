import {
  judgeScheme,
  rewardSchemeTermsSchema,
  splitStageReward,
  stageWindows,
  type RewardSchemeTerms,
} from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client';
import { schemeRewards, terminalSchemes, terminals } from '../../db/schema';
import { select, selectOne, selection } from '../../db/typed';
import { ensureAgentAccounts, platformAccountId } from '../../db/ledger-accounts';
import { postEntry, type PostingLine } from '../ledger/post-entry';
import { runJob, type JobOutcome } from '../../db/job-runs';
import {
  chainLevels,
  recordReward,
  rewardStatusOf,
  SCHEME_TRADE,
  toSchemeTxn,
  type RecordedShare,
} from './schemes';

const ts = alias(terminalSchemes, 'ts');
const t = alias(terminals, 't');
const BATCH = 200;
const RESULT = { met: 1, missed: -1, void: -3 } as const;

/**
 * Phase one: judges every stage that has closed on the terminals' frozen schemes, in stage order,
 * one terminal per transaction. A met stage's reward is split down the frozen chain by level
 * difference and recorded (due, or held while the activation is flagged); nothing is posted here.
 * Each stage is judged once (its result row is keyed by terminal and stage).
 */
export async function assessSchemes(
  db: Db,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<{ judged: number; recorded: number; unfinished: boolean }> {
  const due = await select(
    db,
    { terminalId: terminalSchemes.terminalId },
    sql`FROM terminal_schemes WHERE NOT done AND next_due_at <= ${now}
         ORDER BY next_due_at, terminal_id LIMIT ${BATCH}`,
  );
  let judged = 0;
  let recorded = 0;
  for (const d of due) {
    if (signal?.aborted) return { judged, recorded, unfinished: true };
    const { terminalId } = d;
    await db.transaction(async (tx) => {
      const s = await selectOne(
        tx,
        {
          terms: ts.terms,
          activatedAt: ts.activatedAt,
          nextStage: ts.nextStage,
          agentPath: ts.agentPath,
          topId: ts.topId,
          policyId: ts.policyId,
          version: ts.version,
          sn: t.sn,
        },
        sql`FROM terminal_schemes ts JOIN terminals t ON ${t.id} = ${ts.terminalId}
             WHERE ${ts.terminalId} = ${terminalId} AND NOT ${ts.done} FOR UPDATE OF ts`,
      );
      if (!s) return;
      const terms: RewardSchemeTerms = rewardSchemeTermsSchema.parse(s.terms);
      const { activatedAt } = s;
      const windows = stageWindows(terms, activatedAt);
      const closed = windows.filter((w) => w.end.getTime() <= now.getTime()).length;
      const from = s.nextStage;
      if (closed <= from) return;
      const trades = await select(
        tx,
        SCHEME_TRADE,
        sql`FROM transactions
             WHERE terminal_id = ${terminalId} AND trade_time >= ${activatedAt}
               AND trade_time < ${windows[closed - 1]!.end} AND flag IS NULL`,
      );
      const stages = judgeScheme({
        terms,
        activatedAt,
        transactions: trades.map(toSchemeTxn),
        now,
      });
      const { agentPath, topId } = s;
      const chain = await chainLevels(tx, agentPath, topId);
      const status = await rewardStatusOf(tx, terminalId);
      // Up to the first stage still open: the closed ones, and after a miss that ends the scheme,
      // every later one (void).
      let next = from;
      for (let i = from; i < windows.length; i++) {
        const st = stages[i]!;
        if (st.status === 'open') break;
        next = i + 1;
        await tx.execute(
          sql`INSERT INTO scheme_stage_results (terminal_id, stage_index, result, progress, target, top_id, judged_at)
              VALUES (${terminalId}, ${i}, ${RESULT[st.status]}, ${st.progress}, ${st.target}, ${topId}, ${now})
              ON CONFLICT DO NOTHING`,
        );
        judged += 1;
        if (st.status !== 'met') continue;
        const split = splitStageReward(terms.stages[i]!, chain);
        const shares: RecordedShare[] = split.shares.map((x) => ({
          agentId: x.agentId,
          amountFen: x.amountFen,
          ownCost: x.basis.ownCost,
          lowerRate: x.basis.lowerRate,
          diff: x.basis.diff,
          policyVersion: s.version,
        }));
        const made = await recordReward(tx, {
          terminalId,
          stageIndex: i,
          infoType: 'standard_reward',
          agentPath,
          topId,
          shares,
          detail: {
            scheme: true,
            sn: s.sn,
            terminalId,
            stage: i + 1,
            measure: terms.measure,
            progress: st.progress,
            target: st.target,
            policyId: s.policyId,
            schemeVersion: s.version,
          },
          status,
        });
        if (made) recorded += 1;
      }
      const done = next >= windows.length;
      await tx.execute(
        sql`UPDATE terminal_schemes SET next_stage = ${next}, done = ${done},
                   next_due_at = ${done ? windows[windows.length - 1]!.end : windows[next]!.end}
             WHERE terminal_id = ${terminalId}`,
      );
    });
  }
  return { judged, recorded, unfinished: due.length === BATCH };
}

export interface CreditOptions {
  signal?: AbortSignal;
  /**
   * Tests only: called after a batch's postings, before they are marked credited, in the same
   * transaction (a throw there is a crash between the two).
   */
  afterPost?: (ids: number[]) => void;
}

/**
 * Phase two: posts the recorded rewards that are due (status 0), a batch per transaction: each as
 * one ledger entry under its idempotency key (scheme:<terminal>:<stage>, or activation:<terminal>
 * for a released activation reward), each share on its agent's reward wallet with its
 * explanation and the platform's reward expense on the other side, and marks them credited in
 * the same transaction. A posting already made under the key (a crash after it) is not made again.
 */
export async function creditSchemeRewards(
  db: Db,
  opts: CreditOptions = {},
): Promise<{ credited: number; postedFen: number; unfinished: boolean }> {
  let credited = 0;
  let postedFen = 0;
  for (;;) {
    if (opts.signal?.aborted) return { credited, postedFen, unfinished: true };
    const n = await db.transaction(async (tx) => {
      const due = await select(
        tx,
        RECORDED,
        sql`FROM scheme_rewards
             WHERE status = 0 ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      );
      if (due.length === 0) return 0;
      for (const r of due) {
        const posted = await postRecorded(tx, r);
        postedFen += posted;
      }
      const ids = due.map((r) => r.id);
      opts.afterPost?.(ids);
      await tx.execute(
        sql`UPDATE scheme_rewards SET status = 2, credited_at = now()
             WHERE id = ANY(${sql.param(ids)}::bigint[]) AND status = 0`,
      );
      return due.length;
    });
    credited += n;
    if (n < BATCH) return { credited, postedFen, unfinished: false };
  }
}

/** A recorded reward as the crediting job posts it. */
const RECORDED = selection({
  id: schemeRewards.id,
  infoType: schemeRewards.infoType,
  shares: schemeRewards.shares,
  detail: schemeRewards.detail,
  idemKey: schemeRewards.idemKey,
});

async function postRecorded(tx: DbOrTx, r: ReturnType<typeof RECORDED.toRow>): Promise<number> {
  const shares: RecordedShare[] = r.shares.filter((s) => s.amountFen > 0);
  if (shares.length === 0) return 0;
  const { infoType, detail } = r;
  const accounts = await ensureAgentAccounts(
    tx,
    [...new Set(shares.map((s) => s.agentId))].map((agentId) => ({
      agentId,
      walletType: 'reward' as const,
    })),
  );
  const total = shares.reduce((s, x) => s + x.amountFen, 0);
  const lines: PostingLine[] = shares.map((s) => ({
    accountId: accounts.get(`${s.agentId}:reward`)!,
    amountFen: s.amountFen,
    infoType,
    volumeFen: typeof detail?.volumeFen === 'number' ? detail.volumeFen : null,
    ownCost: s.ownCost,
    lowerRate: s.lowerRate,
    diff: s.diff,
    policyVersion: s.policyVersion,
    detail,
  }));
  lines.push({
    accountId: await platformAccountId(tx, 'reward_expense'),
    amountFen: -total,
    infoType,
  });
  const result = await postEntry(tx, {
    idemKey: r.idemKey,
    reason: infoType,
    memo: typeof detail?.sn === 'string' ? detail.sn : null,
    lines,
  });
  return result.created ? total : 0;
}

/** Both phases: judge what closed, then credit what is due. */
export async function runSchemes(
  db: Db,
  now: Date = new Date(),
  signal?: AbortSignal,
): Promise<JobOutcome> {
  const a = await assessSchemes(db, now, signal);
  const c = await creditSchemeRewards(db, { signal });
  return {
    processed: a.judged + c.credited,
    postedFen: c.postedFen,
    unfinished: a.unfinished || c.unfinished,
  };
}

/** The continuous reward-scheme job with its status row; with everyMs, once per slot. */
export function runSchemeJob(
  db: Db,
  now: Date = new Date(),
  opts: { signal?: AbortSignal; everyMs?: number } = {},
) {
  return runJob(db, 'reward_schemes', 'live', () => runSchemes(db, now, opts.signal), {
    repeatable: true,
    everyMs: opts.everyMs,
  });
}
