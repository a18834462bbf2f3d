import { type TermAgentBrief } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { isOperator, num, numOrNull, PLATFORM_NAME } from './scope';
import { andInTree } from '../../db/tree';
import { shownMobile, shownName } from '../../lib/people';

/** One side of a move: an agent's stock, or the platform's (id null, path ''). */
export interface Party {
  id: number | null;
  path: string;
  topId: number | null;
  parentId: number | null;
  name: string;
  mobile: string;
  status: number;
}

export const PLATFORM_PARTY: Party = {
  id: null,
  path: '',
  topId: null,
  parentId: null,
  name: PLATFORM_NAME,
  mobile: '',
  status: 0,
};

/** The caller's own stock as a party. */
export async function callerParty(db: DbOrTx, caller: Caller): Promise<Party> {
  if (isOperator(caller)) return PLATFORM_PARTY;
  const party = await findAgentParty(db, caller.agentId, caller.topId);
  if (!party) throw new Error(`caller ${caller.agentId} missing`);
  return party;
}

/**
 * An agent (never an operator) by id, whatever the scope: callers check the scope. With a topId
 * (an agent caller's tree, decision 020) only an agent of that tree is found.
 */
export async function findAgentParty(
  db: DbOrTx,
  agentId: number,
  topId: number | null = null,
): Promise<Party | null> {
  const [row] = await rows<Record<string, unknown>>(
    db,
    sql`SELECT id, path, top_id, parent_id, name, mobile, status FROM agents
        WHERE id = ${agentId} AND role = 'agent'${andInTree('top_id', { topId })}`,
  );
  if (!row) return null;
  return {
    id: num(row.id),
    path: String(row.path),
    topId: numOrNull(row.top_id),
    parentId: numOrNull(row.parent_id),
    name: String(row.name),
    mobile: String(row.mobile),
    status: num(row.status),
  };
}

/**
 * How a party is shown to the caller (decision 010): the caller itself and its direct sub-agents
 * in full, deeper members of its team by full name and masked mobile, anyone else masked, the
 * platform by name. Without the party's path only the caller itself is shown in full.
 */
export function brief(
  id: number | null,
  name: string | null,
  mobile: string | null,
  caller: Pick<Caller, 'agentId' | 'role' | 'path'>,
  path: string | null = null,
): TermAgentBrief {
  if (id === null) return { id: null, name: PLATFORM_NAME, mobile: '' };
  const who = { id, path };
  return {
    id,
    name: shownName(caller, who, name ?? ''),
    mobile: shownMobile(caller, who, mobile ?? ''),
  };
}
