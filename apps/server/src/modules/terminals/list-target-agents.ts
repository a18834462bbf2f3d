import { type TerminalTargetAgentPage } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type Db } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { agentInScope, decodeCursor, encodeCursor, isOperator, num } from './scope';
import { shownMobile, shownName } from '../../lib/people';

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
  const found = await rows<Record<string, unknown>>(
    db,
    sql`SELECT a.id, a.name, a.mobile, a.path, a.depth,
          coalesce((SELECT sum(c.n) FROM terminal_stock_counts c
                    WHERE c.holder_path = a.path AND c.bind_status = 0), 0) AS stock
        FROM agents a WHERE ${sql.join(where, sql` AND `)}
        ORDER BY a.path COLLATE "C" LIMIT ${params.pageSize + 1}`,
  );
  const page = found.slice(0, params.pageSize);
  // Depth below the caller: 1 for a direct sub-agent (the platform stands above the top level).
  const callerDepth = isOperator(caller) ? -1 : caller.path.split('/').length - 3;
  return {
    rows: page.map((r) => ({
      id: num(r.id),
      name: shownName(caller, { id: num(r.id), path: String(r.path) }, String(r.name)),
      mobile: shownMobile(caller, { id: num(r.id), path: String(r.path) }, String(r.mobile)),
      depth: num(r.depth) - callerDepth,
      stock: num(r.stock),
    })),
    nextCursor:
      found.length > params.pageSize ? encodeCursor([String(page[page.length - 1]!.path)]) : null,
  };
}
