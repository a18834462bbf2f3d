import type { TerminalCheck, TerminalCheckMonth } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { monthsBetween, shanghaiMonth, shiftMonth } from '../../lib/shanghai-dates';
import { andInTree, callerPathCopyScope } from '../../db/tree';
import { activationColumns, activationJoins, toActivationRow } from './activation-rows';
import { standardJobStatus } from './job-status';
import { standardResult } from './standard-result';
import { num, numOrNull } from '../../db/convert';

/**
 * One terminal's checks (/pages/home/tripartiteData/info): its activation check, and its
 * standard check for every standard month of its policy, the current month, and any month the job
 * assessed, each with the job's execution status for that month. A terminal outside the caller's
 * subtree answers like a missing one.
 */
export async function getTerminalCheck(
  db: DbOrTx,
  caller: Caller,
  sn: string,
  now: Date = new Date(),
): Promise<TerminalCheck> {
  const [t] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT ${activationColumns(caller)}, t.policy_id, p.name AS policy_name, p.standard_months,
          to_char(t.bound_at AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM') AS bound_month
        FROM terminals t ${activationJoins(caller)}
        WHERE t.sn = ${sn} AND t.deleted_at IS NULL AND ${callerPathCopyScope(sql`t.holder_path`, caller)}${andInTree(sql`t.top_id`, caller)}`,
  );
  if (!t) throw notFound();
  const activation = toActivationRow(t, now, caller.agentId);
  const policyId = numOrNull(t.policy_id);
  const policyName = t.policy_name == null ? null : String(t.policy_name);
  if (activation.bindStatus === 0 || t.bound_month == null) {
    return { activation, policyId, policyName, months: [] };
  }

  const boundMonth = String(t.bound_month);
  const current = shanghaiMonth(now);
  const currentK = monthsBetween(boundMonth, current) + 1;
  const standardMonths = parseStandardMonths(t.standard_months);
  // The assessments and volume of this binding are of the caller's tree (decision 020).
  const tree = andInTree(sql`top_id`, caller);

  const [assessed, volumes] = await Promise.all([
    rows<Record<string, unknown>>(
      db,
      sql`SELECT month_index, to_char(month, 'YYYY-MM') AS month, volume_fen, threshold_fen, result, reward_fen
          FROM standard_assessments WHERE terminal_id = ${activation.terminalId}${tree}
            AND month >= ${`${boundMonth}-01`}::date`,
    ),
    rows<{ month: string; volume: unknown }>(
      db,
      sql`SELECT to_char(day, 'YYYY-MM') AS month, sum(volume_fen) AS volume FROM terminal_daily_volume
          WHERE terminal_id = ${activation.terminalId}${tree} AND day >= ${`${boundMonth}-01`}::date
          GROUP BY 1`,
    ),
  ]);
  // An assessment belongs to this binding when its month is month k counted from this binding.
  const byK = new Map(
    assessed
      .filter((a) => String(a.month) === shiftMonth(boundMonth, num(a.month_index) - 1))
      .map((a) => [num(a.month_index), a]),
  );
  const volumeOf = new Map(volumes.map((v) => [v.month, num(v.volume)]));

  const ks = new Set<number>([...standardMonths.keys(), currentK, ...byK.keys()]);
  const sorted = [...ks].filter((k) => k >= 1).sort((a, b) => a - b);
  const months = sorted.map((k) => shiftMonth(boundMonth, k - 1));
  const jobs = await standardJobStatus(db, months);

  const out: TerminalCheckMonth[] = sorted.map((k, i) => {
    const month = months[i]!;
    const a = byK.get(k);
    const thresholdFen = a ? numOrNull(a.threshold_fen) : (standardMonths.get(k) ?? null);
    const volumeFen = a ? num(a.volume_fen) : k > currentK ? 0 : (volumeOf.get(month) ?? 0);
    return {
      monthIndex: k,
      month,
      thresholdFen,
      volumeFen,
      result: standardResult({
        assessed: a ? num(a.result) : null,
        thresholdFen,
        volumeFen,
        monthOver: k < currentK,
      }),
      rewardFen: a ? num(a.reward_fen) : 0,
      source: a ? 'assessed' : 'computed',
      upcoming: k > currentK,
      jobStatus: jobs.get(month)?.status ?? 0,
    };
  });
  return { activation, policyId, policyName, months: out };
}

/** k -> T_k from a policy's standard_months JSON; anything malformed is left out. */
function parseStandardMonths(value: unknown): Map<number, number> {
  const list: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  const out = new Map<number, number>();
  if (!Array.isArray(list)) return out;
  for (const item of list) {
    const k = Number((item as { month?: unknown })?.month);
    const threshold = Number((item as { thresholdFen?: unknown })?.thresholdFen);
    if (Number.isInteger(k) && k >= 1 && Number.isFinite(threshold)) out.set(k, threshold);
  }
  return out;
}
