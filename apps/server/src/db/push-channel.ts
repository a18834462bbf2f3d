import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** The NOTIFY channel a committed message is announced on; push/push.ts listens to it. */
export const PUSH_CHANNEL = 'pos_push_message';

/**
 * Announces a new message for push, inside the transaction that creates it: PostgreSQL delivers
 * the notification only when that transaction commits, so a rolled-back message is never
 * pushed and the request never waits for a push service.
 */
export async function pushWhenCommitted(tx: DbOrTx, messageId: number): Promise<void> {
  await tx.execute(sql`SELECT pg_notify(${PUSH_CHANNEL}, ${String(messageId)})`);
}
