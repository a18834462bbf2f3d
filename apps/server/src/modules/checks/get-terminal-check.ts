import type { TerminalCheck, TerminalCheckMonth } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { productPolicies, standardAssessments, terminalDailyVolume } from '../../db/schema';
import { decode, orNull, select, selectOne } from '../../db/typed';
import { alias } from 'drizzle-orm/pg-core';
import { notFound } from '../../lib/app-error';
import type { Caller } from '../../plugins/auth';
import { monthsBetween, shanghaiMonth, shiftMonth } from '../../lib/shanghai-dates';
import { andInTree, callerPathCopyScope } from '../../db/tree';
import { activationFields, activationJoins, t, toActivationRow } from './activation-rows';

const p = alias(productPolicies, 'p');
import { standardJobStatus } from './job-status';
import { standardResult } from './standard-result';

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
  const found = await selectOne(
    db,
    {
      ...activationFields(caller),
      policyId: t.policyId,
      policyName: orNull(p.name),
      standardMonths: orNull(p.standardMonths),
      boundMonth: sql`to_char(${t.boundAt} AT TIME ZONE 'Asia/Shanghai', 'YYYY-MM')`.mapWith(
        decode.textOrNull,
      ),
    },
    sql`FROM terminals t ${activationJoins(caller)}
        WHERE ${t.sn} = ${sn} AND ${t.deletedAt} IS NULL AND ${callerPathCopyScope(sql`${t.holderPath}`, caller)}${andInTree(sql`${t.topId}`, caller)}`,
  );
  if (!found) throw notFound();
  const activation = toActivationRow(found, now, caller.agentId);
  const { policyId, policyName } = found;
  if (activation.bindStatus === 0 || found.boundMonth === null) {
    return { activation, policyId, policyName, months: [] };
  }

  const boundMonth = found.boundMonth;
  const current = shanghaiMonth(now);
  const currentK = monthsBetween(boundMonth, current) + 1;
  const standardMonths = parseStandardMonths(found.standardMonths);
  // The assessments and volume of this binding are of the caller's tree (decision 020).
  const tree = andInTree(sql`top_id`, caller);
  const sa = standardAssessments;
  const v = terminalDailyVolume;

  const [assessed, volumes] = await Promise.all([
    select(
      db,
      {
        monthIndex: sa.monthIndex,
        month: sql`to_char(${sa.month}, 'YYYY-MM')`.mapWith(decode.text),
        volumeFen: sa.volumeFen,
        thresholdFen: sa.thresholdFen,
        result: sa.result,
        rewardFen: sa.rewardFen,
      },
      sql`FROM ${sa} WHERE ${sa.terminalId} = ${activation.terminalId}${tree}
            AND ${sa.month} >= ${`${boundMonth}-01`}::date`,
    ),
    select(
      db,
      {
        month: sql`to_char(${v.day}, 'YYYY-MM')`.mapWith(decode.text),
        volume: sql`sum(${v.volumeFen})`.mapWith(decode.number),
      },
      sql`FROM ${v}
          WHERE ${v.terminalId} = ${activation.terminalId}${tree} AND ${v.day} >= ${`${boundMonth}-01`}::date
          GROUP BY 1`,
    ),
  ]);
  // An assessment belongs to this binding when its month is month k counted from this binding.
  const byK = new Map(
    assessed
      .filter((a) => a.month === shiftMonth(boundMonth, a.monthIndex - 1))
      .map((a) => [a.monthIndex, a]),
  );
  const volumeOf = new Map(volumes.map((r) => [r.month, r.volume]));

  const ks = new Set<number>([...standardMonths.keys(), currentK, ...byK.keys()]);
  const sorted = [...ks].filter((k) => k >= 1).sort((a, b) => a - b);
  const months = sorted.map((k) => shiftMonth(boundMonth, k - 1));
  const jobs = await standardJobStatus(db, months);

  const out: TerminalCheckMonth[] = sorted.map((k, i) => {
    const month = months[i]!;
    const a = byK.get(k);
    const thresholdFen = a ? a.thresholdFen : (standardMonths.get(k) ?? null);
    const volumeFen = a ? a.volumeFen : k > currentK ? 0 : (volumeOf.get(month) ?? 0);
    return {
      monthIndex: k,
      month,
      thresholdFen,
      volumeFen,
      result: standardResult({
        assessed: a ? a.result : null,
        thresholdFen,
        volumeFen,
        monthOver: k < currentK,
      }),
      rewardFen: a ? a.rewardFen : 0,
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
