import { TOTAL_TYPE, pricingOf } from '@pos/core';
import {
  sql,
  type Column,
  type DriverValueDecoder,
  type GetColumnData,
  type SQL,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { transactions } from '../../db/schema';

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

/**
 * A batch's s_tx (settle-batch's stageTransactions), read as `FROM s_tx x`: the columns it copies
 * from transactions keep their names and types there (id, trade_time, kind, total_type,
 * amount_fen, agent_path, top_id, policy_id, terminal_id, orig_txn_id, acquirer_txn_id,
 * orig_acquirer_txn_id …), so typed reads take them as transactions' columns. Its own columns are
 * not these: fee_fen there is the fee settled (the reported one is reported_fee_fen), and
 * attempts, capped, acq_fen, pool_fen … are read as expressions with a decoder.
 */
export const stagedTx = alias(transactions, 'x');

/**
 * A column that may be NULL in its table but not in the read (its WHERE or join excludes NULL),
 * typed without the null and decoded as the column is: db/typed's orNull the other way round.
 */
export function notNull<C extends Column>(column: C): SQL<NonNullable<GetColumnData<C>>> {
  return sql`${column}`.mapWith(
    column as DriverValueDecoder<NonNullable<GetColumnData<C>>, unknown>,
  );
}
