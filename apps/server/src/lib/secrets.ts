import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { serverSecrets } from '../db/schema';
import { randomToken } from './crypto';

/** A secret generated once per database and kept there, so restarts keep sessions valid. */
export async function ensureSecret(db: Db, name: string): Promise<string> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomToken(48) })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`secret ${name} missing`);
  return row.value;
}

/** A secret as an operator may see it: its first and last two characters at most. */
export function mask(secret: string): string {
  if (!secret) return '';
  if (secret.length <= 8) return '****';
  return `${secret.slice(0, 2)}****${secret.slice(-2)}`;
}
