import { type OpenCandidate } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { agents } from '../../db/schema';
import { decode, select } from '../../db/typed';
import type { Caller } from '../../plugins/auth';
import { andInTree } from '../../db/tree';
import { pageOf } from '../../db/subtree-scope';
import { shownMobile, shownName } from '../../lib/people';
import { decodeIdCursor } from '../../lib/keyset';

const a = alias(agents, 'a');

/** '%' and '_' typed by the user are matched literally. */
export const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The caller's direct sub-agents, the only agents it may open policies for, each with the
 * policies it already holds. Newest first, by keyset on the id.
 */
export async function listOpenCandidates(
  db: DbOrTx,
  caller: Caller,
  query: { id?: number; keyword?: string; cursor?: string; pageSize: number },
): Promise<{ rows: OpenCandidate[]; nextCursor: string | null }> {
  if (caller.role === 'operator') return { rows: [], nextCursor: null };
  const after = decodeIdCursor(query.cursor);
  const kw = query.keyword?.trim();
  const found = await select(
    db,
    {
      id: a.id,
      name: a.name,
      mobile: a.mobile,
      level: a.level,
      opened:
        sql`COALESCE((SELECT json_agg(json_build_object('policyId', ap.policy_id, 'agentPolicyId', ap.id) ORDER BY ap.policy_id)
                    FROM agent_policies ap WHERE ap.agent_id = a.id${andInTree('ap.top_id', caller)}), '[]')`.mapWith(
          decode.json<OpenCandidate['opened']>(),
        ),
    },
    sql`FROM agents a
        WHERE a.parent_id = ${caller.agentId}${andInTree('a.top_id', caller)} AND a.role = 'agent'
          ${after ? sql`AND a.id < ${after}` : sql``}
          ${query.id ? sql`AND a.id = ${query.id}` : sql``}
          ${kw ? sql`AND (a.name LIKE ${`%${likeEscape(kw)}%`} OR a.mobile = ${kw} OR right(a.mobile, 4) = ${kw})` : sql``}
        ORDER BY a.id DESC LIMIT ${query.pageSize + 1}`,
  );
  const mapped = found.map((r) => ({
    ...r,
    // Direct sub-agents only: the caller recruited them (decision 010).
    name: shownName(caller, 'direct', r.name),
    mobile: shownMobile(caller, 'direct', r.mobile),
  }));
  return pageOf(mapped, query.pageSize);
}
