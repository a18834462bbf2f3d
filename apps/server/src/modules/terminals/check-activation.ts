import { judgeActivationVolume, type ActivationResult, type ActivationRule } from '@pos/core';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { terminals } from '../../db/schema';
// The activation figure is a stats use case (it adds to the agent_daily_stats rollup).
import { addActivationFigure } from '../stats/add-activation-figure';

export interface ActivationCheck extends ActivationResult {
  /** This call moved the terminal from bound to activated (collect the deposit now). */
  newlyActivated: boolean;
}

/**
 * Applies the activation rule (business rules section 4) to a bound terminal, given its
 * successful card volume since binding as settlement has summed it. When the threshold is reached
 * inside the window the terminal becomes activated (bind status 3) at `now`, and its merchant's
 * direct agent's activation figure of that day goes up in the same transaction; calling again
 * changes nothing. `rule` is the terminal's policy's threshold and window (defaults: 10,000 yuan
 * within 30 days).
 */
export async function checkActivation(
  db: DbOrTx,
  terminalId: number,
  volumeFen: number,
  now: Date = new Date(),
  rule?: ActivationRule,
): Promise<ActivationCheck> {
  const [t] = await db
    .select({
      bindStatus: terminals.bindStatus,
      boundAt: terminals.boundAt,
      activatedAt: terminals.activatedAt,
    })
    .from(terminals)
    .where(and(eq(terminals.id, terminalId), isNull(terminals.deletedAt)));
  if (!t) throw new Error(`terminal ${terminalId} not found`);
  const status = t.bindStatus;
  const result = judgeActivationVolume({ boundAt: t.boundAt, volumeFen, now, rule });
  if (status === 3) {
    return {
      ...result,
      activated: true,
      activatedAt: t.activatedAt,
      reason: 'activated',
      newlyActivated: false,
    };
  }
  if (status !== 1 || !result.activated) return { ...result, newlyActivated: false };
  const [changed] = await db
    .update(terminals)
    .set({ bindStatus: 3, activatedAt: now, updatedAt: now })
    .where(and(eq(terminals.id, terminalId), eq(terminals.bindStatus, 1)))
    .returning({ id: terminals.id });
  if (changed) await addActivationFigure(db, terminalId);
  return { ...result, newlyActivated: Boolean(changed) };
}
