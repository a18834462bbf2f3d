import { judgeActivationVolume, type ActivationResult, type ActivationRule } from '@pos/core';
import { sql } from 'drizzle-orm';
import { rows, type DbOrTx } from '../../db/client';
import { addActivationFigure } from '../stats/rollups';
import { num } from './scope';

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
  const [t] = await rows<{ bind_status: unknown; bound_at: unknown; activated_at: unknown }>(
    db,
    sql`SELECT bind_status, bound_at, activated_at FROM terminals WHERE id = ${terminalId} AND deleted_at IS NULL`,
  );
  if (!t) throw new Error(`terminal ${terminalId} not found`);
  const status = num(t.bind_status);
  const boundAt = t.bound_at == null ? null : new Date(t.bound_at as string | Date);
  const result = judgeActivationVolume({ boundAt, volumeFen, now, rule });
  if (status === 3) {
    const at = t.activated_at == null ? null : new Date(t.activated_at as string | Date);
    return {
      ...result,
      activated: true,
      activatedAt: at,
      reason: 'activated',
      newlyActivated: false,
    };
  }
  if (status !== 1 || !result.activated) return { ...result, newlyActivated: false };
  const [changed] = await rows<{ id: unknown }>(
    db,
    sql`UPDATE terminals SET bind_status = 3, activated_at = ${now}, updated_at = ${now}
        WHERE id = ${terminalId} AND bind_status = 1 RETURNING id`,
  );
  if (changed) await addActivationFigure(db, terminalId);
  return { ...result, newlyActivated: Boolean(changed) };
}
