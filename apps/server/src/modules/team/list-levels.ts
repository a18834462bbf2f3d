import type { TeamLevelsResponse } from '@pos/core';
import type { DbOrTx } from '../../db/client';
import type { Caller } from '../../plugins/auth';
import { levelsOrDefault } from './levels';
import { findCaller } from './scope';

/** The level list, and the levels the caller may give a new sub-agent (see add-agent.ts). */
export async function listLevels(db: DbOrTx, caller: Caller): Promise<TeamLevelsResponse> {
  const self = await findCaller(db, caller);
  const levels = levelsOrDefault(self.levels, self.level);
  const assignable =
    self.role === 'operator' ? levels : levels.filter((l) => l.level <= self.level);
  return { levels, assignable, callerLevel: self.level };
}
