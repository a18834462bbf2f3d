import type { AgentPick, AgentSearchQuery } from '@pos/core';
import { sql } from 'drizzle-orm';
import type { KeysetSpec } from '../../lib/keyset';

/** A keyword as a LIKE prefix: its own %, _ and \ match themselves. */
const likePrefix = (kw: string) => `${kw.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * The agent picker's search: name or mobile starting with the keyword, or the invite code or id
 * equal to it, each answered by an index (0029: name and mobile prefixes; invite code unique;
 * primary key), 20 at a time in id order by keyset. Each agent comes with its tree's top agent,
 * so the operator sees whose tree an allocation, an adjustment or a filter reaches.
 */
export function agentSearch(q: AgentSearchQuery): KeysetSpec<AgentPick> {
  const kw = q.keyword.trim();
  const digits = /^\d{1,11}$/.test(kw);
  const asId = /^#?\d{1,15}$/.test(kw) ? Number(kw.replace('#', '')) : null;
  return {
    select: sql`a.id, a.name, a.mobile, a.invite_code, a.level, a.depth, a.status,
                t.id AS top_id, t.name AS top_name, t.mobile AS top_mobile`,
    from: sql`FROM agents a JOIN agents t ON t.id = COALESCE(a.top_id, a.id)`,
    where: [
      sql`a.role = 'agent'`,
      sql`(a.name LIKE ${likePrefix(kw)}
           OR a.invite_code = ${kw.toUpperCase()}
           ${digits ? sql`OR a.mobile LIKE ${likePrefix(kw)}` : sql``}
           ${asId !== null ? sql`OR a.id = ${asId}` : sql``})`,
      q.topOnly === 'true' && sql`a.parent_id IS NULL`,
    ],
    sorts: { id: { expr: sql`a.id`, type: 'bigint' } },
    defaultSort: 'id',
    defaultOrder: 'asc',
    id: sql`a.id`,
    map: (r) => ({
      id: Number(r.id),
      name: String(r.name),
      mobile: String(r.mobile),
      inviteCode: String(r.invite_code),
      level: Number(r.level),
      depth: Number(r.depth),
      status: Number(r.status),
      topId: Number(r.top_id),
      topName: String(r.top_name),
      topMobile: String(r.top_mobile),
    }),
  };
}
