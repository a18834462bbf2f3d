import type { SmsOutboxMessage } from '@pos/core';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { smsOutbox } from '../../db/schema';

/** The latest message the simulated gateway "sent" to a mobile, or null. */
export async function readSmsOutbox(db: Db, mobile: string): Promise<SmsOutboxMessage | null> {
  const [row] = await db
    .select()
    .from(smsOutbox)
    .where(eq(smsOutbox.mobile, mobile))
    .orderBy(desc(smsOutbox.id))
    .limit(1);
  if (!row) return null;
  return {
    mobile: row.mobile,
    scene: row.scene,
    content: row.content,
    code: row.code,
    createdAt: row.createdAt.toISOString(),
  };
}
