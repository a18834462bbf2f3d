import type { MerchantSummary } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { decode, prepareVariants } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { MONTH_START } from './list-merchants';

const n = (column: string) => sql.raw(column).mapWith(decode.number);

/**
 * Every figure of the summary in one row, one statement per variant (an operator's, who sees
 * every merchant, or an agent's subtree), compiled once and run as a named prepared statement:
 * it was four statements one after another (issue 35). The terminals by bind status come from
 * the per-holder counts the database keeps (terminal_stock_counts), as the terminal summary
 * reads them; brands are never deleted, so no count is lost without the join to them.
 */
const summaryOf = prepareVariants('merchant_summary', (variant: 'operator' | 'agent') => {
  const inScope = (column: string): SQL =>
    variant === 'operator'
      ? sql`TRUE`
      : sql`(${sql.raw(column)} >= (${sql.placeholder('path')} COLLATE "C")
            AND ${sql.raw(column)} < (${sql.placeholder('pathEnd')} COLLATE "C"))`;
  return {
    shape: {
      total: n('r.total'),
      own: n('r.own'),
      newThisMonth: n('r.new_this_month'),
      noLicence: n('r.no_licence'),
      notIdentified: n('r.not_identified'),
      withActivated: n('a.n'),
      terminalsTotal: n('s.total'),
      unbound: n('s.unbound'),
      bound: n('s.bound'),
      activated: n('s.activated'),
    },
    rest: sql`FROM (
        SELECT count(*) AS total,
               count(*) FILTER (WHERE m.agent_id = ${sql.placeholder('me')}) AS own,
               count(*) FILTER (WHERE m.created_at >= ${MONTH_START}) AS new_this_month,
               count(*) FILTER (WHERE m.licence_status <> 2) AS no_licence,
               count(*) FILTER (WHERE m.identify_status <> 1) AS not_identified
          FROM merchants m WHERE ${inScope('m.agent_path')}
      ) r
      CROSS JOIN (
        SELECT count(DISTINCT t.merchant_id) AS n FROM terminals t
         WHERE t.bind_status = 3 AND t.deleted_at IS NULL AND ${inScope('t.holder_path')}
      ) a
      CROSS JOIN (
        SELECT coalesce(sum(c.n), 0) AS total,
               coalesce(sum(c.n) FILTER (WHERE c.bind_status = 0), 0) AS unbound,
               coalesce(sum(c.n) FILTER (WHERE c.bind_status = 1), 0) AS bound,
               coalesce(sum(c.n) FILTER (WHERE c.bind_status = 3), 0) AS activated
          FROM terminal_stock_counts c WHERE ${inScope('c.holder_path')} AND c.n <> 0
      ) s`,
  };
});

/** Merchant figures of the caller's subtree, and its terminals by bind status. */
export async function getMerchantSummary(db: Db, caller: Caller): Promise<MerchantSummary> {
  const operator = caller.role === 'operator';
  const r = await summaryOf(operator ? 'operator' : 'agent').one(
    db,
    operator
      ? { me: caller.agentId }
      : { me: caller.agentId, path: caller.path, pathEnd: `${caller.path}~` },
  );
  // Counts and sums without GROUP BY: always one row.
  if (!r) throw new Error('the merchant summary read no row');
  return {
    total: r.total,
    own: r.own,
    newThisMonth: r.newThisMonth,
    withActivated: r.withActivated,
    noLicence: r.noLicence,
    notIdentified: r.notIdentified,
    terminals: {
      total: r.terminalsTotal,
      unbound: r.unbound,
      bound: r.bound,
      activated: r.activated,
    },
  };
}
