import type { AgentLevel } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import { getAgentLevels, levelName } from '../../lib/agent-levels';

export { levelName };

/**
 * The agent levels of the system parameter agent_common_level. When the parameter is not set,
 * levels 1 to `upTo` named V1, V2, ... stand in, so the team pages still work on a bare install.
 */
export async function loadLevels(db: DbOrTx, upTo = 1): Promise<AgentLevel[]> {
  const levels = await getAgentLevels(db);
  if (levels.length > 0) return levels;
  return Array.from({ length: Math.max(1, upTo) }, (_, i) => ({ level: i + 1, name: `V${i + 1}` }));
}
