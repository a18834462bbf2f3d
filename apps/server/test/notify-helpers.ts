import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import { hmacSign } from '../src/lib/signature';
import type { TestContext } from './helpers';

/**
 * Sends a signed transaction notification as the acquirer would: a successful POS credit-card
 * payment made now unless the fields say otherwise. Returns the parsed envelope.
 */
export async function notifyTransaction(ctx: TestContext, fields: Record<string, unknown>) {
  const payload = JSON.stringify({
    payType: 1,
    totalType: 1,
    cardType: 1,
    method: 1,
    status: 1,
    tradeTime: new Date().toISOString(),
    ...fields,
  });
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/prod-api/api/notify/transaction',
    headers: {
      'content-type': 'application/json',
      'x-signature': hmacSign(payload, ctx.config.notifySecret),
    },
    payload,
  });
  return res.json() as { code: number; msg: string; data: { id: number; flag: string | null } };
}

/**
 * The deployment before any acquirer channel is configured: no brand is served by a channel of
 * its own, so the simulated channel (`/api/notify/transaction`) serves every terminal, the demo
 * seed's 联迪 and 新大陆 ones too (otherwise refused there: their channels are 恒信通 and 联动).
 */
export async function simulatedChannelServesAll(db: DbOrTx) {
  await db.execute(sql`DELETE FROM channel_brands`);
}
