import { TOTAL_TYPE, pricingOf } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';

/**
 * SQL fragments shared by the settlement statements. The rules themselves live in
 * packages/core/src/settlement (the pure split); these statements compute the very same split
 * set-based, and test/settlement.split-equivalence checks the two against each other on random
 * trees, policies and transactions.
 */

/** core's pricingOf as a VALUES list: total type -> rate type, and whether the debit cap applies. */
export function pricingValues(): SQL {
  const rowsSql = Object.values(TOTAL_TYPE).flatMap((t) => {
    const p = pricingOf(t);
    return p
      ? [
          sql`(${sql.raw(String(t))}, ${sql.raw(String(p.rateType))}, ${sql.raw(String(p.cappable))})`,
        ]
      : [];
  });
  return sql`(VALUES ${sql.join(rowsSql, sql`, `)}) AS pricing(total_type, rate_type, cappable)`;
}

/**
 * The agents of a materialised path, bottom-up: '/1/7/42/' gives (agent 42, level 0),
 * (7, 1), (1, 2), where level 0 is the merchant's direct agent and the last level is the top
 * agent; child_id is the agent one level down (NULL for the direct agent).
 */
export const chainOf = (pathColumn: SQL) => sql`LATERAL (
  SELECT u.agent_id, (cardinality(arr.ids) - u.ord)::integer AS level, cardinality(arr.ids) - 1 AS top_level,
         arr.ids[u.ord + 1] AS child_id
    FROM (SELECT string_to_array(btrim(${pathColumn}, '/'), '/')::bigint[] AS ids) arr,
         unnest(arr.ids) WITH ORDINALITY AS u(agent_id, ord)
)`;
