import { AGENT_LEVEL_PARAM, agentLevel, type AgentLevel } from '@pos/core';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DbOrTx } from '../db/client';
import { systemParams } from '../db/schema';

const levelList = z
  .array(agentLevel)
  .refine((list) => new Set(list.map((l) => l.level)).size === list.length, 'duplicate level');

/**
 * Parses the agent_common_level value, a JSON list like [{"level":1,"name":"V1"}, ...], sorted
 * by level. Returns null when the text is not such a list, so a setter can refuse it.
 */
export function parseAgentLevels(value: string): AgentLevel[] | null {
  // The same parameter value comes with every profile read: it is parsed once per value.
  if (value !== lastParsed.value) {
    const levels = parseLevels(value);
    // Shared by every caller from now on: frozen, so none can change another's.
    levels?.forEach((l) => Object.freeze(l));
    lastParsed = { value, levels };
  }
  return lastParsed.levels && [...lastParsed.levels];
}
let lastParsed: { value: string | null; levels: AgentLevel[] | null } = {
  value: null,
  levels: null,
};

function parseLevels(value: string): AgentLevel[] | null {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const parsed = levelList.safeParse(json);
  return parsed.success ? [...parsed.data].sort((a, b) => a.level - b.level) : null;
}

/**
 * The agent levels from the system parameter; an empty list when it is not set. A value that
 * is set but broken is an operator's mistake that must be seen and fixed, so it throws (the
 * call fails with a 500 and the log says why) rather than quietly showing wrong names.
 */
export async function getAgentLevels(db: DbOrTx): Promise<AgentLevel[]> {
  const [row] = await db
    .select({ value: systemParams.value })
    .from(systemParams)
    .where(eq(systemParams.key, AGENT_LEVEL_PARAM))
    .limit(1);
  return agentLevelsFrom(row?.value ?? null);
}

/**
 * The agent levels from the parameter's value read by another statement (NULL when it is not
 * set), with getAgentLevels' rules: an empty list when unset, an error when broken.
 */
export function agentLevelsFrom(value: string | null): AgentLevel[] {
  if (value === null) return [];
  const levels = parseAgentLevels(value);
  if (!levels) throw new Error(`system parameter ${AGENT_LEVEL_PARAM} is not a valid level list`);
  return levels;
}

/** The display name of a level; a level missing from the list still shows as V<n>. */
export function levelName(levels: readonly AgentLevel[], level: number): string {
  return levels.find((l) => l.level === level)?.name ?? `V${level}`;
}
