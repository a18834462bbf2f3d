import { type TerminalTargetAgentPage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { agents, terminalStockCounts as c } from '../../db/schema';
import { decode, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { agentInScope } from '../../db/terminals/scope';
import { shownMobile, shownName } from '../../lib/people';
import { isOperator } from '../../db/tree';
import { decodeCursor, encodeCursor } from '../../lib/keyset';

const a = alias(agents, 'a');

/**
 * Who can take part in a move: direct sub-agents for allocate (top-level agents for the
 * platform), any agent below the caller for transfer and recall. Ordered by path, so a team
 * reads as a tree; each with the unbound stock it holds itself.
 */
export async function listTargetAgents(
  db: Db,
  caller: Caller,
  params: {
    type: number;
    keyword?: string | undefined;
    agentId?: number | undefined;
    cursor?: string | undefined;
    pageSize: number;
  },
): Promise<TerminalTargetAgentPage> {
  const cursor = decodeCursor(params.cursor, ['string'] as const);
  const where: SQL[] = [sql`a.role = 'agent'`];
  if (params.type === 0) {
    where.push(
      isOperator(caller) ? sql`a.parent_id IS NULL` : sql`a.parent_id = ${caller.agentId}`,
    );
  } else if (!isOperator(caller)) {
    where.push(agentInScope(sql`a.path`, caller), sql`a.id <> ${caller.agentId}`);
  }
  if (params.keyword) {
    const kw = params.keyword.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(sql`(a.name LIKE ${'%' + kw + '%'} OR a.mobile LIKE ${kw + '%'})`);
  }
  if (params.agentId !== undefined) where.push(sql`a.id = ${params.agentId}`);
  if (cursor) where.push(sql`a.path COLLATE "C" > ${cursor[0]}`);
  const found = await select(
    db,
    {
      id: a.id,
      name: a.name,
      mobile: a.mobile,
      path: a.path,
      depth: a.depth,
      stock: sql`coalesce((SELECT sum(${c.n}) FROM ${c}
                    WHERE ${c.holderPath} = ${a.path} AND ${c.bindStatus} = 0), 0)`.mapWith(
        decode.number,
      ),
    },
    sql`FROM agents a WHERE ${sql.join(where, sql` AND `)}
        ORDER BY ${a.path} COLLATE "C" LIMIT ${params.pageSize + 1}`,
  );
  const page = found.slice(0, params.pageSize);
  // Depth below the caller: 1 for a direct sub-agent (the platform stands above the top level).
  const callerDepth = isOperator(caller) ? -1 : caller.path.split('/').length - 3;
  return {
    rows: page.map((r) => ({
      id: r.id,
      name: shownName(caller, r, r.name),
      mobile: shownMobile(caller, r, r.mobile),
      depth: r.depth - callerDepth,
      stock: r.stock,
    })),
    nextCursor: found.length > params.pageSize ? encodeCursor([page[page.length - 1]!.path]) : null,
  };
}
