import { PLATFORM_PARTY_NAME, type TermAgentBrief } from '@pos/core';
import { and, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../client';
import { agents } from '../schema';
import type { Caller } from '../../plugins/auth';
import { isOperator } from '../tree';
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
  name: PLATFORM_PARTY_NAME,
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
  const where: SQL[] = [eq(agents.id, agentId), eq(agents.role, 'agent')];
  // In the caller's tree (decision 020), when it has one.
  if (topId !== null) where.push(eq(agents.topId, topId));
  const [row] = await db
    .select({
      id: agents.id,
      path: agents.path,
      topId: agents.topId,
      parentId: agents.parentId,
      name: agents.name,
      mobile: agents.mobile,
      status: agents.status,
    })
    .from(agents)
    .where(and(...where));
  return row ?? null;
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
  if (id === null) return { id: null, name: PLATFORM_PARTY_NAME, mobile: '' };
  const who = { id, path };
  return {
    id,
    name: shownName(caller, who, name ?? ''),
    mobile: shownMobile(caller, who, mobile ?? ''),
  };
}
