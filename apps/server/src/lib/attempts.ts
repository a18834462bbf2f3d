import { formatDate } from '@pos/core';
import { sql, type SQL } from 'drizzle-orm';
import type { Db, DbOrTx } from '../db/client';
import { decode, selectOne } from '../db/typed';

/**
 * A secret guarded by "this many wrong tries in a row lock it for a while" (the login password,
 * the pay password, an operator's password and TOTP code). The guard lives in two columns of one
 * row: the wrong tries counted since the last success and the end of the current lock.
 *
 * A check is serialised per subject, and only a wrong secret is counted:
 * - in this process, checks of one subject wait in line (no connection is held while waiting);
 * - across processes, the count is taken in a short transaction that holds the guard row
 *   (`FOR NO KEY UPDATE`, so rows referencing it can still be written), and a compare whose
 *   subject another process locked meanwhile is answered "locked", revealing nothing.
 * So at most `maxTries` wrong secrets are ever answered within a window whatever the
 * concurrency, a right secret is never refused because of other right secrets, and every secret
 * is refused while the subject is locked. A caller may first look for an earlier answer to the
 * same request (an idempotency key) in line, so a repeat is answered without a second compare.
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

export type GuardedCheck =
  | { ok: true }
  | { ok: false; locked: true; lockedUntil: Date }
  /** A wrong secret: how many tries are left, and the lock it set when it was the last one. */
  | { ok: false; locked: false; left: number; lockedUntil: Date | null };

const ident = (name: string) => sql.identifier(name);

/** A timestamptz read as a Date (text or a Date from the drivers); NULL stays null. */
const dateOrNull = (v: unknown): Date | null => (v instanceof Date ? v : new Date(String(v)));
/** A guard row's count and lock, by the guard's column names. */
const counted = (g: TryGuard) => ({
  failed: sql`${ident(g.failedColumn)}`.mapWith(decode.number),
  lockedUntil: sql`${ident(g.lockedColumn)}`.mapWith(dateOrNull),
});
const lockOf = (g: TryGuard) => ({
  lockedUntil: sql`${ident(g.lockedColumn)}`.mapWith(dateOrNull),
});

const lines = new Map<string, Promise<void>>();

/** Runs fn after every earlier call for the same subject in this process has finished. */
export async function inLine<T>(subject: string, fn: () => Promise<T>): Promise<T> {
  const before = lines.get(subject) ?? Promise.resolve();
  let done!: () => void;
  const mine = new Promise<void>((resolve) => (done = resolve));
  const tail = before.then(() => mine);
  lines.set(subject, tail);
  await before;
  try {
    return await fn();
  } finally {
    done();
    if (lines.get(subject) === tail) lines.delete(subject);
  }
}

/**
 * Compares a secret under its guard (see above). The guard row must exist. `compare` runs at
 * most once, and not at all while the subject is locked. It runs before the row is held, so a
 * slow hash never keeps a database connection busy; the short transaction after it holds the row,
 * and if another process locked the subject meanwhile the answer is "locked" whatever the
 * compare said, so no more than `maxTries` wrong secrets are ever answered in a window. With
 * `forget: false` a right secret leaves the count as it is (a password whose second factor is
 * still to come).
 */
export async function checkGuarded(
  db: Db,
  g: TryGuard,
  key: number | string,
  compare: () => Promise<boolean>,
  { forget = true }: { forget?: boolean } = {},
): Promise<GuardedCheck> {
  const read = (tx: DbOrTx, hold: boolean) =>
    selectOne(
      tx,
      counted(g),
      sql`FROM ${ident(g.table)} WHERE ${ident(g.keyColumn)} = ${key}
            ${hold ? sql`FOR NO KEY UPDATE` : sql``}`,
    ).then((row) => {
      if (!row) throw new Error(`no guard row ${g.table}:${key}`);
      return row satisfies GuardState;
    });
  return inLine(`${g.table}:${key}`, async () => {
    const seen = await read(db, false);
    if (isLocked(seen)) return { ok: false, locked: true, lockedUntil: seen.lockedUntil! };
    const right = await compare();
    return db.transaction(async (tx): Promise<GuardedCheck> => {
      const state = await read(tx, true);
      if (isLocked(state)) return { ok: false, locked: true, lockedUntil: state.lockedUntil! };
      if (right) {
        if (forget) await forgetWrong(tx, g, key, state);
        return { ok: true };
      }
      return { ok: false, locked: false, ...(await countWrong(tx, g, key, state)) };
    });
  });
}

/** A guard row's state, read by a caller that holds the row in its own transaction. */
export interface GuardState {
  failed: number;
  lockedUntil: Date | null;
}

export const isLocked = (s: GuardState, now = Date.now()) =>
  s.lockedUntil !== null && s.lockedUntil.getTime() > now;

/** Counts a wrong secret on a held row; the last allowed one sets the lock. */
export async function countWrong(
  tx: DbOrTx,
  g: TryGuard,
  key: number | string,
  state: GuardState,
): Promise<{ left: number; lockedUntil: Date | null }> {
  // A lock that has run out starts a new count at this try.
  const count = (state.lockedUntil === null ? state.failed : 0) + 1;
  const set = await selectOne(tx, lockOf(g), sql`FROM counted`, {
    with: sql`WITH counted AS (
      UPDATE ${ident(g.table)}
         SET ${ident(g.failedColumn)} = ${count},
             ${ident(g.lockedColumn)} = CASE WHEN ${count} >= ${g.maxTries}
                              THEN now() + make_interval(mins => ${g.lockMinutes}) END
       WHERE ${ident(g.keyColumn)} = ${key}
   RETURNING ${ident(g.lockedColumn)})`,
  });
  const until = set?.lockedUntil ?? null;
  return { left: Math.max(0, g.maxTries - count), lockedUntil: until };
}

/** After a right secret (and its second factor, where one follows): the count starts again. */
export async function forgetWrong(
  tx: DbOrTx,
  g: TryGuard,
  key: number | string,
  state?: GuardState,
) {
  if (state && state.failed === 0 && state.lockedUntil === null) return;
  await tx.execute(
    sql`UPDATE ${ident(g.table)} SET ${ident(g.failedColumn)} = 0, ${ident(g.lockedColumn)} = NULL
         WHERE ${ident(g.keyColumn)} = ${key}`,
  );
}

/** "16:05" in China time, for "locked until" messages. */
export const clockTime = (at: Date): string => formatDate(at, 'hh:MM');

/** Whole minutes left until a lock ends, at least 1 while it lasts. */
export const minutesUntil = (at: Date, now = new Date()) =>
  Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 60000));

// The count-before-compare guard, until its last callers move to checkGuarded.
export type TryTicket =
  { ok: true; tryNo: number; lockedUntil: Date | null } | { ok: false; lockedUntil: Date };

/** Counts one try (or finds the guard locked). The row must exist. */
export async function takeTry(db: DbOrTx, g: TryGuard, key: number | string): Promise<TryTicket> {
  const failed = ident(g.failedColumn);
  const locked = ident(g.lockedColumn);
  // A lock that has run out starts a new count at this try.
  const next: SQL = sql`(CASE WHEN ${locked} IS NOT NULL THEN 1 ELSE ${failed} + 1 END)`;
  const taken = await selectOne(db, counted(g), sql`FROM taken`, {
    with: sql`WITH taken AS (
      UPDATE ${ident(g.table)}
         SET ${failed} = ${next},
             ${locked} = CASE WHEN ${next} >= ${g.maxTries}
                              THEN now() + make_interval(mins => ${g.lockMinutes}) ELSE NULL END
       WHERE ${ident(g.keyColumn)} = ${key} AND (${locked} IS NULL OR ${locked} <= now())
   RETURNING ${failed}, ${locked})`,
  });
  if (taken) return { ok: true, tryNo: taken.failed, lockedUntil: taken.lockedUntil };
  const row = await selectOne(
    db,
    lockOf(g),
    sql`FROM ${ident(g.table)} WHERE ${ident(g.keyColumn)} = ${key}`,
  );
  // The row was just seen locked; if the lock ran out in between, it is over now.
  const until = row?.lockedUntil ?? new Date();
  return { ok: false, lockedUntil: until };
}

/**
 * After a right secret: this try and the ones counted before it are forgotten; tries counted
 * after it (still in flight) keep counting, and the lock stays only if they alone reach it.
 */
export async function forgetTries(db: DbOrTx, g: TryGuard, key: number | string, tryNo: number) {
  const failed = ident(g.failedColumn);
  const left: SQL = sql`GREATEST(${failed} - ${tryNo}, 0)`;
  await db.execute(
    sql`UPDATE ${ident(g.table)}
           SET ${failed} = ${left},
               ${ident(g.lockedColumn)} = CASE WHEN ${left} >= ${g.maxTries} THEN ${ident(g.lockedColumn)} ELSE NULL END
         WHERE ${ident(g.keyColumn)} = ${key}`,
  );
}
