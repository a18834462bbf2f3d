import type { AgentLevel } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import { getAgentLevels, levelName } from '../../lib/agent-levels';

export { levelName };

/**
 * The agent levels of the system parameter agent_common_level. When the parameter is not set,
 * levels 1 to `upTo` named V1, V2, ... stand in, so the team pages still work on a bare install.
 */
export async function loadLevels(db: DbOrTx, upTo = 1): Promise<AgentLevel[]> {
  return levelsOrDefault(await getAgentLevels(db), upTo);
}

/** The same stand-in for a level list read with another statement (ScopedAgent.levels). */
export function levelsOrDefault(levels: AgentLevel[], upTo = 1): AgentLevel[] {
  if (levels.length > 0) return levels;
  return Array.from({ length: Math.max(1, upTo) }, (_, i) => ({ level: i + 1, name: `V${i + 1}` }));
}
