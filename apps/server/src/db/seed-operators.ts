import type { Role } from '@pos/core';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../lib/crypto';
import type { Db } from './client';
import { operators, type OperatorRow } from './schema';

/** One demo operator per role, listed in the README. Passwords are for the demo only. */
export const DEMO_OPERATORS = {
  super_admin: { username: 'admin', password: 'Admin@123', name: '超级管理员' },
  operations: { username: 'ops', password: 'Ops@1234', name: '运营小周' },
  finance: { username: 'finance', password: 'Finance@123', name: '财务小钱' },
  content: { username: 'content', password: 'Content@123', name: '内容小文' },
} as const satisfies Record<Role, { username: string; password: string; name: string }>;

/**
 * A second super admin: what one super admin proposes for operators (a new one, a role, enabling,
 * a TOTP reset) waits for another's approval, so a platform with one cannot approve anything
 * (decision 022).
 */
export const DEMO_SECOND_SUPER_ADMIN = {
  username: 'admin2',
  password: 'Admin2@123',
  name: '超级管理员二',
} as const;

/** Adds the demo operators that are missing; an existing one is left as it is. */
export async function seedOperators(db: Db, opts: { scryptCost: number }) {
  const out = {} as Record<Role, OperatorRow> & { superAdmin2: OperatorRow };
  for (const [role, account, key] of [
    ...(Object.entries(DEMO_OPERATORS) as [Role, (typeof DEMO_OPERATORS)[Role]][]).map(
      ([r, a]) => [r, a, r] as const,
    ),
    ['super_admin', DEMO_SECOND_SUPER_ADMIN, 'superAdmin2'] as const,
  ]) {
    const [found] = await db
      .select()
      .from(operators)
      .where(eq(operators.username, account.username));
    if (found) {
      out[key] = found;
      continue;
    }
    const [row] = await db
      .insert(operators)
      .values({
        username: account.username,
        name: account.name,
        role,
        passwordHash: await hashPassword(account.password, opts.scryptCost),
      })
      .returning();
    out[key] = row!;
  }
  return out;
}
