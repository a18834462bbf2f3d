import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import { selectOne } from '../../db/typed';
import type { Cipher } from '../../lib/crypto';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** The server_secrets row of the generated pair: the public key and the private one encrypted. */
const SECRET_NAME = 'vapid';

/**
 * The VAPID key pair push messages are signed with: the environment's (VAPID_PUBLIC_KEY,
 * VAPID_PRIVATE_KEY), else a pair generated once per database and kept in server_secrets beside
 * the generated JWT secret, its private half encrypted with DATA_KEY like the console's provider
 * keys (the demo; production requires its own, ops/config-check.ts). The first process to ask
 * writes it; every other reads the same pair, so browsers subscribed to one stay valid.
 */
export async function vapidKeys(db: Db, config: Config, cipher: Cipher): Promise<VapidKeys> {
  const { publicKey, privateKey, subject } = config.vapid;
  if (publicKey && privateKey) return { publicKey, privateKey, subject };
  const made = webpush.generateVAPIDKeys();
  const value = JSON.stringify({
    publicKey: made.publicKey,
    privateKey: cipher.encrypt(made.privateKey),
  });
  await db.execute(
    sql`INSERT INTO server_secrets (name, value) VALUES (${SECRET_NAME}, ${value})
        ON CONFLICT (name) DO NOTHING`,
  );
  const row = await selectOne(
    db,
    { value: serverSecrets.value },
    sql`FROM ${serverSecrets} WHERE ${serverSecrets.name} = ${SECRET_NAME}`,
  );
  const stored = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  let storedPrivate: string;
  try {
    storedPrivate = cipher.decrypt(stored.privateKey);
  } catch {
    throw new Error(
      'the VAPID key pair kept in the database cannot be read with this DATA_KEY: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY',
    );
  }
  return { publicKey: stored.publicKey, privateKey: storedPrivate, subject };
}
