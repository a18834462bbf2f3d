import { STANDARD_CHECK_TYPE } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';

/**
 * The standard-check type of a terminal in month k of its policy (business rules section 8):
 * - the monthly job's result when it assessed that month (standard_assessments; it may hold a
 *   level N > 1);
 * - else -2 when the policy sets no threshold T_k for month k;
 * - else 0 (pending) while the month is not over;
 * - else 1 when the month's volume (terminal_daily_volume, successful payments net of refunds)
 *   reached T_k, -1 when it did not.
 * standardResultSql is the same rule in SQL, for lists filtered by result.
 */
export function standardResult(input: {
  assessed: number | null;
  thresholdFen: number | null;
  volumeFen: number;
  monthOver: boolean;
}): number {
  if (input.assessed !== null) return input.assessed;
  if (input.thresholdFen === null) return STANDARD_CHECK_TYPE.NO_CHECK;
  if (!input.monthOver) return STANDARD_CHECK_TYPE.PENDING;
  return input.volumeFen >= input.thresholdFen
    ? STANDARD_CHECK_TYPE.MET
    : STANDARD_CHECK_TYPE.NOT_MET;
}

export function standardResultSql(a: {
  assessed: SQL;
  thresholdFen: SQL;
  volumeFen: SQL;
  /** Whether the month is over: a value, or an expression (a prepared statement's parameter). */
  monthOver: boolean | SQL;
}): SQL {
  const notOver =
    typeof a.monthOver === 'boolean'
      ? sql`${!a.monthOver}::boolean`
      : sql`NOT (${a.monthOver})::boolean`;
  return sql`CASE WHEN ${a.assessed} IS NOT NULL THEN ${a.assessed}
      WHEN ${a.thresholdFen} IS NULL THEN ${STANDARD_CHECK_TYPE.NO_CHECK}
      WHEN ${notOver} THEN ${STANDARD_CHECK_TYPE.PENDING}
      WHEN ${a.volumeFen} >= ${a.thresholdFen} THEN ${STANDARD_CHECK_TYPE.MET}
      ELSE ${STANDARD_CHECK_TYPE.NOT_MET} END`;
}

/** T_k of a policy's standard_months JSON (`[{"month": k, "thresholdFen": T}]`), or NULL. */
export const thresholdSql = (standardMonths: SQL, k: SQL): SQL =>
  sql`(SELECT (e.item ->> 'thresholdFen')::bigint
         FROM jsonb_array_elements(coalesce(${standardMonths}, '[]'::jsonb)) AS e(item)
        WHERE (e.item ->> 'month')::integer = ${k} LIMIT 1)`;
