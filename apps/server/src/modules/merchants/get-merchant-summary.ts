import type { MerchantSummary } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { getTerminalSummary } from '../terminals/get-terminal-summary';
import { inScope, num } from '../terminals/scope';
import { MONTH_START } from './list-merchants';

/** Merchant figures of the caller's subtree, and its terminals by bind status. */
export async function getMerchantSummary(db: Db, caller: Caller): Promise<MerchantSummary> {
  const [r] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT count(*) AS total,
          count(*) FILTER (WHERE m.agent_id = ${caller.agentId}) AS own,
          count(*) FILTER (WHERE m.created_at >= ${MONTH_START}) AS new_this_month,
          count(*) FILTER (WHERE m.licence_status <> 2) AS no_licence,
          count(*) FILTER (WHERE m.identify_status <> 1) AS not_identified
        FROM merchants m WHERE ${inScope(sql`m.agent_path`, caller)}`,
  );
  const [a] = await rows<{ n: unknown }>(
    db,
    sql`SELECT count(DISTINCT t.merchant_id) AS n FROM terminals t
        WHERE t.bind_status = 3 AND t.deleted_at IS NULL AND ${inScope(sql`t.holder_path`, caller)}`,
  );
  const terminals = await getTerminalSummary(db, caller, {});
  return {
    total: num(r?.total),
    own: num(r?.own),
    newThisMonth: num(r?.new_this_month),
    withActivated: num(a?.n),
    noLicence: num(r?.no_licence),
    notIdentified: num(r?.not_identified),
    terminals: terminals.all,
  };
}
