import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { auditLogs, operators } from '../../db/schema';
import { hashPassword } from '../../lib/crypto';
import { temporaryPassword } from './operators';

/** How many super admins the four-eyes rules need (decision 022). */
export const SUPER_ADMINS_NEEDED = 2;

export class BootstrapRefused extends Error {}

export interface BootstrapInput {
  username: string;
  name: string;
}

/**
 * The deploy-time way to the first two super admins, and back to two when one is lost: run by
 * someone with access to the server's database (`node apps/server/dist/cli.js bootstrap-admin`),
 * never through the API. It adds a super admin only while fewer than two are active, with a
 * random temporary password that the new operator must replace at its first sign-in (before it
 * enrols an authenticator), and audits it. Everything else about operators goes through the
 * console's proposals and a second super admin.
 */
export async function bootstrapSuperAdmin(
  db: Db,
  input: BootstrapInput,
  opts: { scryptCost: number },
): Promise<{ operatorId: number; tempPassword: string; activeSuperAdmins: number }> {
  const username = input.username.trim();
  const name = input.name.trim();
  if (!/^[A-Za-z0-9_.-]{3,32}$/.test(username)) {
    throw new BootstrapRefused('username: 3 to 32 letters, digits, _ . or -');
  }
  if (!name || name.length > 32) throw new BootstrapRefused('name: 1 to 32 characters');
  const tempPassword = temporaryPassword();
  const hash = await hashPassword(tempPassword, opts.scryptCost);
  return db.transaction(async (tx) => {
    // One bootstrap at a time, so two runs cannot both see one super admin and add two.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727022)`);
    const [active] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(operators)
      .where(and(eq(operators.role, 'super_admin'), eq(operators.status, 0)));
    if ((active?.n ?? 0) >= SUPER_ADMINS_NEEDED) {
      throw new BootstrapRefused(
        `there are already ${active!.n} active super admins: propose new operators in the console, where another super admin approves them`,
      );
    }
    const [taken] = await tx
      .select({ id: operators.id })
      .from(operators)
      .where(eq(operators.username, username));
    if (taken) throw new BootstrapRefused(`username: ${username} is taken`);
    const [row] = await tx
      .insert(operators)
      .values({
        username,
        name,
        role: 'super_admin',
        passwordHash: hash,
        mustChangePassword: true,
      })
      .returning({ id: operators.id });
    // No operator did this: the record names the deploy step.
    await tx.insert(auditLogs).values({
      operatorId: null,
      operatorName: 'deploy',
      role: 'system',
      action: 'operator.bootstrap',
      targetType: 'operator',
      targetId: String(row!.id),
      after: { username, name, role: 'super_admin' },
      ip: null,
    });
    return { operatorId: row!.id, tempPassword, activeSuperAdmins: (active?.n ?? 0) + 1 };
  });
}
