import type { AgentPick, AgentSearchQuery } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { agents } from '../../db/schema';
import { typedKeyset, type KeysetSpec } from '../../lib/keyset';

const a = alias(agents, 'a');
const t = alias(agents, 't');

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
  return typedKeyset({
    shape: {
      id: a.id,
      name: a.name,
      mobile: a.mobile,
      inviteCode: a.inviteCode,
      level: a.level,
      depth: a.depth,
      status: a.status,
      topId: t.id,
      topName: t.name,
      topMobile: t.mobile,
    },
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
    map: (r) => r,
  });
}
