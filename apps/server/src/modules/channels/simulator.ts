import { pricingOf, transactionNotification, type TransactionNotification } from '@pos/core';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { channels, terminals } from '../../db/schema';
import { decode, select } from '../../db/typed';
import type { SimulatorKeys } from './adapter';
import { DEMO_CHANNEL_KEYS, isDemoKey } from './demo-keys';
import { DEFAULT_CHANNEL } from './receive-push';
import { adapterFor } from './registry';
import { eventOfNotification } from './simulated';

/**
 * The simulator's side of the channels: a generated notification (modules/transactions/traffic)
 * said in the protocol of the channel that serves the terminal, signed (and encrypted) with the
 * demo keys. Only a channel configured with the demo keys can be simulated: the simulator holds
 * no real acquirer's private key.
 */

/** The acquirer-side halves of the demo keys, by protocol. */
export const DEMO_SIMULATOR_KEYS: Record<string, SimulatorKeys> = {
  hengxintong: { acquirerPrivateKey: DEMO_CHANNEL_KEYS.HENGXINTONG_ACQUIRER_PRIVATE },
  liandong: {
    acquirerPrivateKey: DEMO_CHANNEL_KEYS.LIANDONG_ACQUIRER_PRIVATE,
    platformPublicKey: DEMO_CHANNEL_KEYS.LIANDONG_PLATFORM_PUBLIC,
  },
};

export interface SimulatedPush {
  code: string;
  protocol: string;
  body: Buffer;
  headers: Record<string, string>;
}

/**
 * The push a channel would send for this notification, or null when the protocol cannot carry
 * it (恒信通 pushes successful payments and fees only) or the channel is not on the demo keys.
 * `secret` signs the simulated channel's pushes (NOTIFY_SECRET).
 */
export function simulatePush(
  channel: {
    code: string;
    protocol: string;
    acquirerPublicKey?: string | null;
    /** The terminal's merchant's rates (rate type → ppm): what an acquirer would charge. */
    merchantRates?: ReadonlyMap<number, number>;
  },
  notification: TransactionNotification,
  secret: string,
): SimulatedPush | null {
  // An acquirer reports the rate it charged: the merchant's own rate for the trade's type, never
  // a made-up one (the protocol's codec would otherwise put its default in the push).
  const rateType = pricingOf(notification.totalType)?.rateType;
  const ownRate = rateType === undefined ? undefined : channel.merchantRates?.get(rateType);
  const n =
    notification.rate === undefined && ownRate !== undefined
      ? { ...notification, rate: ownRate }
      : notification;
  const adapter = adapterFor(channel.protocol);
  if (!adapter) return null;
  const keys =
    channel.protocol === 'simulated' ? { secret } : DEMO_SIMULATOR_KEYS[channel.protocol];
  if (!keys) return null;
  if (channel.protocol !== 'simulated' && !isDemoKey(channel.acquirerPublicKey)) return null;
  try {
    // The same reading of a notification as the simulated channel's own (one definition).
    const parsed = transactionNotification.safeParse(n);
    const event = parsed.success ? eventOfNotification(parsed.data) : null;
    if (!event) return null;
    const { body, headers } = adapter.encode([event], keys);
    return { code: channel.code, protocol: channel.protocol, body, headers };
  } catch {
    return null;
  }
}

/** The channel serving each SN (the default channel for brands without one). */
export async function channelsOfTerminals(db: DbOrTx, sns: readonly string[]) {
  const t = alias(terminals, 't');
  const c = alias(channels, 'c');
  const found = await select(
    db,
    {
      sn: t.sn,
      code: c.code,
      protocol: c.protocol,
      acquirerPublicKey: c.acquirerPublicKey,
      rates: sql`(SELECT json_agg(json_build_array(mr.rate_type, mr.rate_ppm))
                    FROM merchant_rates mr WHERE mr.merchant_id = ${t.merchantId})`.mapWith(
        decode.json<[number, number][] | null>(),
      ),
    },
    sql`FROM terminals t
          LEFT JOIN channel_brands cb ON cb.brand_id = t.brand_id
          JOIN channels c ON c.code = coalesce(
            (SELECT c2.code FROM channels c2 WHERE c2.id = cb.channel_id), ${DEFAULT_CHANNEL})
         WHERE t.sn = ANY(${sql.param([...sns])}::text[])`,
  );
  return new Map(
    found.map((r) => [
      r.sn,
      {
        code: r.code,
        protocol: r.protocol,
        acquirerPublicKey: r.acquirerPublicKey,
        merchantRates: new Map((r.rates ?? []).map(([type, ppm]) => [Number(type), Number(ppm)])),
      },
    ]),
  );
}
