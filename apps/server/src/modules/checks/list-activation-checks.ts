import type { ActivationCheckPage, ActivationCheckParams } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { andInTree, callerPathCopyScope } from '../../db/tree';
import { activationFields, activationJoins, toActivationRow } from './activation-rows';
import { decodePathSnCursor, encodeCursor } from '../../lib/keyset';

const STATUS_OF = { pending: 1, activated: 3, unbound: 0 } as const;

/**
 * The activation check (/pages/home/tripartiteData/activationCheck): terminals of the caller's
 * subtree (bound and waiting by default), searched by the start of their SN, each with whether
 * and when it activated and why not. Keyset pages in (holder path, SN) order, the order of the
 * terminals' (bind status, holder path, SN) index, so a page reads its own rows and their daily
 * volumes only.
 */
export async function listActivationChecks(
  db: DbOrTx,
  caller: Caller,
  query: ActivationCheckParams,
  now: Date = new Date(),
): Promise<ActivationCheckPage> {
  const filters: SQL[] = [
    sql`t.deleted_at IS NULL`,
    sql`${callerPathCopyScope(sql`t.holder_path`, caller)}${andInTree(sql`t.top_id`, caller)}`,
  ];
  if (query.status !== 'all') filters.push(sql`t.bind_status = ${STATUS_OF[query.status]}`);
  if (query.sn) filters.push(sql`t.sn >= ${query.sn} AND t.sn < ${query.sn + '~'}`);
  const after = decodePathSnCursor(query.cursor);
  if (after) filters.push(sql`(t.holder_path, t.sn) > (${after[0]}, ${after[1]})`);

  const found = await select(
    db,
    activationFields(caller),
    sql`FROM (SELECT t.* FROM terminals t WHERE ${sql.join(filters, sql` AND `)}
              ORDER BY t.holder_path, t.sn LIMIT ${query.pageSize + 1}) t
        ${activationJoins(caller)}
        ORDER BY t.holder_path, t.sn`,
  );
  const page = found.slice(0, query.pageSize);
  const last = page[page.length - 1];
  return {
    rows: page.map((r) => toActivationRow(r, now, caller.agentId)),
    nextCursor:
      found.length > query.pageSize && last ? encodeCursor([last.holderPath, last.sn]) : null,
  };
}
