import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { standardAssessments } from '../db/schema';
import { decode, select } from '../db/typed';
import { postRewards, type RewardEvent } from '../modules/settlement/chain-terms';
import { runJob, type JobOutcome } from '../db/job-runs';
import { previousMonth } from '../lib/periods';

const CHUNK = 500;

/**
 * Monthly standard assessment (business rules section 8) of the Asia/Shanghai month `month`
 * ('YYYY-MM', over): every terminal bound before the month ends is in month k of its policy,
 * counting its binding month as k = 1. Where the policy sets a threshold T_k, the month's volume
 * (successful payments net of refunds, from the daily rollup) either meets it (1) or not (-1);
 * where it sets none, -2. Each met terminal earns the standard reward R_k, shared up its chain.
 * The assessment row and its reward are written in the same transaction, once per terminal and k.
 */
export async function assessStandards(db: Db, month: string): Promise<JobOutcome> {
  const start = `${month}-01`;
  // One transaction for the month: the assessments and their rewards commit together, so a rerun
  // after a crash finds either everything or nothing.
  return db.transaction(async (tx) => {
    const a = alias(standardAssessments, 'assessed');
    const assessed = await select(
      tx,
      {
        terminalId: a.terminalId,
        monthIndex: a.monthIndex,
        result: a.result,
        policyId: a.policyId,
        agentPath: a.agentPath,
        topId: a.topId,
        volumeFen: a.volumeFen,
        thresholdFen: a.thresholdFen,
        idx: sql`assessed.idx`.mapWith(decode.numberOrNull),
      },
      sql`FROM assessed`,
      {
        with: sql`WITH bounds AS (
            SELECT ${start}::date AS m0, (${start}::date + interval '1 month')::date AS m1
          ), cand AS (
            SELECT t.id AS terminal_id, t.merchant_id, t.policy_id, m.agent_id, m.agent_path, m.top_id,
                   ((extract(year FROM b.m0) - extract(year FROM (t.bound_at AT TIME ZONE 'Asia/Shanghai'))) * 12
                     + extract(month FROM b.m0) - extract(month FROM (t.bound_at AT TIME ZONE 'Asia/Shanghai')) + 1)::integer AS k,
                   p.standard_months
              FROM terminals t
              JOIN merchants m ON m.id = t.merchant_id
              LEFT JOIN policies p ON p.id = t.policy_id
              CROSS JOIN bounds b
             WHERE t.bind_status IN (1, 3) AND t.deleted_at IS NULL AND t.bound_at IS NOT NULL
               AND (t.bound_at AT TIME ZONE 'Asia/Shanghai')::date < b.m1
          ), scored AS (
            SELECT c.*, sm.idx, (sm.item ->> 'thresholdFen')::bigint AS threshold_fen,
                   coalesce((SELECT sum(v.volume_fen) FROM terminal_daily_volume v, bounds b
                              WHERE v.terminal_id = c.terminal_id AND v.day >= b.m0 AND v.day < b.m1), 0) AS volume_fen
              FROM cand c
              LEFT JOIN LATERAL (
                SELECT e.item, e.idx - 1 AS idx FROM jsonb_array_elements(coalesce(c.standard_months, '[]'::jsonb))
                  WITH ORDINALITY AS e(item, idx) WHERE (e.item ->> 'month')::integer = c.k LIMIT 1
              ) sm ON true
          ), assessed AS (
          INSERT INTO standard_assessments (terminal_id, month_index, month, merchant_id, agent_id, agent_path, top_id,
                                            policy_id, volume_fen, threshold_fen, result)
          SELECT terminal_id, k, ${start}::date, merchant_id, agent_id, agent_path, top_id, policy_id, volume_fen,
                 threshold_fen,
                 CASE WHEN threshold_fen IS NULL THEN -2 WHEN volume_fen >= threshold_fen THEN 1 ELSE -1 END
            FROM scored
          ON CONFLICT (terminal_id, month_index) DO NOTHING
          RETURNING terminal_id, month_index, result, policy_id, agent_path, top_id, volume_fen, threshold_fen,
                    (SELECT s.idx FROM scored s WHERE s.terminal_id = standard_assessments.terminal_id) AS idx)`,
      },
    );
    const met = assessed.filter((r) => r.result === 1 && r.policyId !== null && r.idx !== null);
    let postedFen = 0;
    for (let i = 0; i < met.length; i += CHUNK) {
      const chunk = met.slice(i, i + CHUNK);
      const events: RewardEvent[] = chunk.map((r) => {
        const idx = r.idx!;
        return {
          agentPath: String(r.agentPath),
          policyId: r.policyId!,
          topId: r.topId,
          figure: (t) => t.standardRewardsFen[idx] ?? null,
          kind: 'standard_reward',
          volumeFen: r.volumeFen,
          detail: {
            terminalId: r.terminalId,
            month,
            monthIndex: r.monthIndex,
            thresholdFen: r.thresholdFen ?? 0,
          },
        };
      });
      const first = chunk[0]!.terminalId;
      const last = chunk[chunk.length - 1]!.terminalId;
      {
        const posted = await postRewards(tx, events, {
          idemKey: `standard:${month}:${first}-${last}:${chunk.length}`,
          reason: 'standard_reward',
          memo: `${month} standard rewards`,
        });
        await tx.execute(sql`
        UPDATE standard_assessments s SET reward_fen = r.amount
          FROM unnest(${sql.param(chunk.map((r) => r.terminalId))}::bigint[],
                      ${sql.param(chunk.map((r) => r.monthIndex))}::integer[],
                      ${sql.param(posted.splits.map((sp) => sp.shares.reduce((x, y) => x + y.amountFen, 0)))}::bigint[])
               AS r(terminal_id, k, amount)
         WHERE s.terminal_id = r.terminal_id AND s.month_index = r.k`);
        postedFen += posted.postedFen;
      }
    }
    return { processed: assessed.length, postedFen };
  });
}

/** The monthly job: assesses the month before `now` once (status per month). */
export function runStandardCheckJob(db: Db, now: Date = new Date(), month = previousMonth(now)) {
  return runJob(db, 'standard_check', month, () => assessStandards(db, month));
}
