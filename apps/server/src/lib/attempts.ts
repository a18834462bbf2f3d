import { formatDate } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import { rows, type DbOrTx } from '../db/client';

/**
 * A secret guarded by "this many wrong tries in a row lock it for a while" (the login password,
 * the pay password). The guard lives in two columns of one row: the tries counted since the last
 * success and the end of the current lock.
 *
 * A try is counted before its secret is compared, by one conditional UPDATE that only succeeds
 * while the row is not locked. PostgreSQL serialises updates of one row, so N concurrent tries
 * take N counts in turn, the one that reaches the limit sets the lock in the same statement, and
 * every later one finds the row locked and is refused without its secret being looked at.
 */
export interface TryGuard {
  table: string;
  /** Column and value that pick the guarded row. */
  keyColumn: string;
  failedColumn: string;
  lockedColumn: string;
  maxTries: number;
  lockMinutes: number;
}

export type TryTicket =
  { ok: true; tryNo: number; lockedUntil: Date | null } | { ok: false; lockedUntil: Date };

const ident = (name: string) => sql.identifier(name);

/** Counts one try (or finds the guard locked). The row must exist. */
export async function takeTry(db: DbOrTx, g: TryGuard, key: number): Promise<TryTicket> {
  const failed = ident(g.failedColumn);
  const locked = ident(g.lockedColumn);
  // A lock that has run out starts a new count at this try.
  const next: SQL = sql`(CASE WHEN ${locked} IS NOT NULL THEN 1 ELSE ${failed} + 1 END)`;
  const [taken] = await rows<{ failed: unknown; locked_until: unknown }>(
    db,
    sql`UPDATE ${ident(g.table)}
           SET ${failed} = ${next},
               ${locked} = CASE WHEN ${next} >= ${g.maxTries}
                                THEN now() + make_interval(mins => ${g.lockMinutes}) ELSE NULL END
         WHERE ${ident(g.keyColumn)} = ${key} AND (${locked} IS NULL OR ${locked} <= now())
     RETURNING ${failed} AS failed, ${locked} AS locked_until`,
  );
  if (taken) {
    return {
      ok: true,
      tryNo: Number(taken.failed),
      lockedUntil: taken.locked_until == null ? null : new Date(taken.locked_until as string),
    };
  }
  const [row] = await rows<{ locked_until: unknown }>(
    db,
    sql`SELECT ${locked} AS locked_until FROM ${ident(g.table)} WHERE ${ident(g.keyColumn)} = ${key}`,
  );
  // The row was just seen locked; if the lock ran out in between, it is over now.
  const until = row?.locked_until == null ? new Date() : new Date(row.locked_until as string);
  return { ok: false, lockedUntil: until };
}

/**
 * After a right secret: this try and the ones counted before it are forgotten; tries counted
 * after it (still in flight) keep counting, and the lock stays only if they alone reach it.
 */
export async function forgetTries(db: DbOrTx, g: TryGuard, key: number, tryNo: number) {
  const failed = ident(g.failedColumn);
  const left: SQL = sql`GREATEST(${failed} - ${tryNo}, 0)`;
  await db.execute(
    sql`UPDATE ${ident(g.table)}
           SET ${failed} = ${left},
               ${ident(g.lockedColumn)} = CASE WHEN ${left} >= ${g.maxTries} THEN ${ident(g.lockedColumn)} ELSE NULL END
         WHERE ${ident(g.keyColumn)} = ${key}`,
  );
}

/** "16:05" in China time, for "locked until" messages. */
export const clockTime = (at: Date): string => formatDate(at, 'hh:MM');

/** Whole minutes left until a lock ends, at least 1 while it lasts. */
export const minutesUntil = (at: Date, now = new Date()) =>
  Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60000));
