import { BlockList, isIPv4, isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { channels } from '../../db/schema';
import { selectOne, selection } from '../../db/typed';
import type { ChannelKeys } from './adapter';
import { isDemoKey } from './demo-keys';

/** What lib/crypto's makeCipher gives: the app's `cipher`. */
export interface Cipher {
  encrypt(plain: string): string;
  decrypt(text: string): string;
}

export interface Channel {
  id: number;
  code: string;
  name: string;
  protocol: string;
  enabled: boolean;
  ipAllow: string[];
  /** The allow-list as a BlockList, made once per load; null when the list is empty (any address). */
  allow: BlockList | null;
  keys: ChannelKeys;
  /** Whether either key is one of the published demo keys (production refuses such a channel). */
  onDemoKeys: boolean;
}

/** An allow-list (addresses and CIDR blocks, IPv4 or IPv6) as a BlockList; entries it cannot read are left out. */
function blockListOf(list: readonly string[]): BlockList | null {
  if (list.length === 0) return null;
  const block = new BlockList();
  for (const entry of list) {
    const [addr, bits] = entry.split('/');
    if (!addr) continue;
    const t = isIPv4(addr) ? 'ipv4' : isIPv6(addr) ? 'ipv6' : null;
    if (!t) continue;
    if (bits === undefined) block.addAddress(addr, t);
    else block.addSubnet(addr, Number(bits), t);
  }
  return block;
}

const CHANNEL = selection({
  id: channels.id,
  code: channels.code,
  name: channels.name,
  protocol: channels.protocol,
  enabled: channels.enabled,
  ipAllow: channels.ipAllow,
  acquirerPublicKey: channels.acquirerPublicKey,
  platformPrivateKeyEnc: channels.platformPrivateKeyEnc,
  secretEnc: channels.secretEnc,
});
type ChannelRow = ReturnType<typeof CHANNEL.toRow>;

/** The channel an upsert wrote (the CTE of upsertChannel). */
const saved = alias(channels, 'saved');

const TTL_MS = 5_000;
let cache = new WeakMap<object, Map<string, { at: number; channel: Channel | null }>>();

/**
 * The channel of a code with its keys decrypted, read at most every few seconds per process (a
 * console change calls forgetChannels, so this process sees it at once; others within 5 s).
 */
export async function loadChannel(
  db: DbOrTx,
  cipher: Cipher,
  code: string,
  now = Date.now(),
): Promise<Channel | null> {
  let byCode = cache.get(db);
  if (!byCode) cache.set(db, (byCode = new Map()));
  const hit = byCode.get(code);
  if (hit && now - hit.at < TTL_MS) return hit.channel;
  const r = await selectOne(db, CHANNEL, sql`FROM channels WHERE ${channels.code} = ${code}`);
  const channel = r ? toChannel(r, cipher) : null;
  byCode.set(code, { at: now, channel });
  return channel;
}

/** Drops what this process remembers of every channel (a change was just written). */
export function forgetChannels() {
  cache = new WeakMap();
}

function toChannel(r: ChannelRow, cipher: Cipher): Channel {
  const open = (v: string | null) => {
    if (!v) return undefined;
    try {
      return cipher.decrypt(v);
    } catch {
      // A key encrypted under another data key is as good as none: pushes are refused.
      return undefined;
    }
  };
  const keys = {
    acquirerPublicKey: r.acquirerPublicKey ?? undefined,
    platformPrivateKey: open(r.platformPrivateKeyEnc),
    secret: open(r.secretEnc),
  };
  const ipAllow = r.ipAllow;
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    protocol: r.protocol,
    enabled: r.enabled,
    ipAllow,
    allow: blockListOf(ipAllow),
    keys,
    onDemoKeys: isDemoKey(keys.acquirerPublicKey) || isDemoKey(keys.platformPrivateKey),
  };
}

export interface ChannelInput {
  code: string;
  name: string;
  protocol: string;
  enabled?: boolean;
  ipAllow?: string[];
  acquirerPublicKey?: string | null;
  platformPrivateKey?: string | null;
  secret?: string | null;
  brandIds?: number[];
}

/**
 * Creates or updates a channel by code (deployment configuration and the console): a key given
 * as undefined is left as it is, null clears it. Private halves are stored encrypted.
 */
export async function upsertChannel(db: DbOrTx, cipher: Cipher, input: ChannelInput) {
  const enc = (v: string | null | undefined) =>
    v === undefined ? undefined : v === null || v === '' ? null : cipher.encrypt(v);
  const priv = enc(input.platformPrivateKey);
  const secret = enc(input.secret);
  const pub =
    input.acquirerPublicKey === undefined ? undefined : input.acquirerPublicKey?.trim() || null;
  const row = await selectOne(db, { id: saved.id }, sql`FROM saved`, {
    with: sql`WITH saved AS (INSERT INTO channels (code, name, protocol, enabled, ip_allow, acquirer_public_key,
                              platform_private_key_enc, secret_enc)
        VALUES (${input.code}, ${input.name}, ${input.protocol}, ${input.enabled ?? true},
                ${sql.param(input.ipAllow ?? [])}::text[], ${pub ?? null}, ${priv ?? null}, ${secret ?? null})
        ON CONFLICT (code) DO UPDATE SET
          name = EXCLUDED.name, protocol = EXCLUDED.protocol,
          enabled = ${input.enabled === undefined ? sql`channels.enabled` : sql`EXCLUDED.enabled`},
          ip_allow = ${input.ipAllow === undefined ? sql`channels.ip_allow` : sql`EXCLUDED.ip_allow`},
          acquirer_public_key = ${pub === undefined ? sql`channels.acquirer_public_key` : sql`EXCLUDED.acquirer_public_key`},
          platform_private_key_enc = ${priv === undefined ? sql`channels.platform_private_key_enc` : sql`EXCLUDED.platform_private_key_enc`},
          secret_enc = ${secret === undefined ? sql`channels.secret_enc` : sql`EXCLUDED.secret_enc`},
          updated_at = now()
        RETURNING id)`,
  });
  const id = row!.id;
  if (input.brandIds) {
    await db.execute(sql`DELETE FROM channel_brands WHERE channel_id = ${id}
                           AND brand_id <> ALL(${sql.param(input.brandIds)}::bigint[])`);
    if (input.brandIds.length > 0)
      await db.execute(sql`
        INSERT INTO channel_brands (brand_id, channel_id)
        SELECT b, ${id} FROM unnest(${sql.param(input.brandIds)}::bigint[]) AS b
        ON CONFLICT (brand_id) DO UPDATE SET channel_id = EXCLUDED.channel_id`);
  }
  forgetChannels();
  return id;
}

/** A public key or secret as the console shows it: its kind and last characters only. */
export function maskKey(value: string | null | undefined): string | null {
  if (!value) return null;
  const body = value.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
  return `…${body.slice(-8)}`;
}
