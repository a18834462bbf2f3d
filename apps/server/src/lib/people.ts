import { maskName, maskPhone } from '@pos/core';
import type { Caller } from '../plugins/auth';

/**
 * How the agent app shows a person to its caller (decision 010):
 * - self: the caller itself, name and mobile in full;
 * - direct: a direct sub-agent (the caller recruited it and phones it), name and mobile in full;
 * - team: an agent deeper in the caller's subtree, full name and masked mobile, so two members
 *   with one surname are told apart while the number stays with the one who recruited them;
 * - other: anyone else (the parent, another branch or tree, a merchant's people), both masked.
 * Operators calling the agent API see every agent in full.
 */
export type Relation = 'self' | 'direct' | 'team' | 'other';

type Viewer = Pick<Caller, 'agentId' | 'role' | 'path'>;

/** The relation of an agent (by id and materialised path) to the caller. */
export function relationTo(
  caller: Viewer,
  agent: { id: number | null; path: string | null | undefined },
): Relation {
  // Operators are the company's staff and see agents in full (decision 010), as an agent sees itself.
  if (caller.role === 'operator') return 'self';
  if (agent.id !== null && agent.id === caller.agentId) return 'self';
  const path = agent.path;
  if (!path || !path.startsWith(caller.path) || path === caller.path) return 'other';
  // A direct sub-agent's path is the caller's path and one more id: '/1/5/' under '/1/'.
  const below = path.slice(caller.path.length).split('/').filter(Boolean);
  return below.length === 1 ? 'direct' : 'team';
}

/** The name the caller sees of an agent. */
export function shownName(
  caller: Viewer,
  who: Relation | { id: number | null; path: string | null | undefined },
  name: string,
): string {
  const relation = typeof who === 'string' ? who : relationTo(caller, who);
  return relation === 'other' ? maskName(name) : name;
}

/** The mobile the caller sees of an agent. */
export function shownMobile(
  caller: Viewer,
  who: Relation | { id: number | null; path: string | null | undefined },
  mobile: string,
): string {
  const relation = typeof who === 'string' ? who : relationTo(caller, who);
  return relation === 'self' || relation === 'direct' ? mobile : maskPhone(mobile);
}
