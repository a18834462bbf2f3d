import type { MerchantSummary } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { merchants, terminals as terminalsTable } from '../../db/schema';
import { callerPathCopyScope } from '../../db/tree';
import { decode, selectOne } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { getTerminalSummary } from '../terminals/get-terminal-summary';
import { MONTH_START } from './list-merchants';

/** Merchant figures of the caller's subtree, and its terminals by bind status. */
export async function getMerchantSummary(db: Db, caller: Caller): Promise<MerchantSummary> {
  const count = (filter: SQL) => sql`count(*) FILTER (WHERE ${filter})`.mapWith(decode.number);
  // Counts without GROUP BY: always one row.
  const r = (await selectOne(
    db,
    {
      total: sql`count(*)`.mapWith(decode.number),
      own: count(sql`${merchants.agentId} = ${caller.agentId}`),
      newThisMonth: count(sql`${merchants.createdAt} >= ${MONTH_START}`),
      noLicence: count(sql`${merchants.licenceStatus} <> 2`),
      notIdentified: count(sql`${merchants.identifyStatus} <> 1`),
    },
    sql`FROM ${merchants} WHERE ${callerPathCopyScope(sql`${merchants.agentPath}`, caller)}`,
  ))!;
  const a = (await selectOne(
    db,
    { n: sql`count(DISTINCT ${terminalsTable.merchantId})`.mapWith(decode.number) },
    sql`FROM ${terminalsTable} WHERE ${terminalsTable.bindStatus} = 3 AND ${terminalsTable.deletedAt} IS NULL
          AND ${callerPathCopyScope(sql`${terminalsTable.holderPath}`, caller)}`,
  ))!;
  const terminals = await getTerminalSummary(db, caller, {});
  return {
    total: r.total,
    own: r.own,
    newThisMonth: r.newThisMonth,
    withActivated: a.n,
    noLicence: r.noLicence,
    notIdentified: r.notIdentified,
    terminals: terminals.all,
  };
}
