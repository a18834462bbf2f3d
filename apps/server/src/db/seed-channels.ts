import { sql } from 'drizzle-orm';
import { loadConfig } from '../config';
import { makeCipher, type Cipher } from '../lib/crypto';
import { upsertChannel } from '../modules/channels/channel-config';
import { DEMO_CHANNEL_KEYS } from '../modules/channels/demo-keys';
import { rows, type Db } from './client';

/**
 * The demo's acquirer channels (decision 026), configured with the published demo keys: 联迪
 * (LD… SNs) is served by a 恒信通 channel, 新大陆 (XN…) by a 联动 channel, and `simulated` (the
 * platform's own format, HMAC with NOTIFY_SECRET) serves any brand left without a channel. The
 * demo traffic job then speaks each terminal's channel's protocol.
 * Keyed on the hengxintong channel: when it exists, nothing is written.
 */
export async function seedChannels(db: Db, opts: { cipher?: Cipher } = {}) {
  const [exists] = await rows(db, sql`SELECT 1 FROM channels WHERE code = 'hengxintong'`);
  if (exists) return;
  const config = loadConfig();
  const cipher = opts.cipher ?? makeCipher(config.dataKey);
  const brand = async (name: string) => {
    const [b] = await rows<{ id: unknown }>(db, sql`SELECT id FROM brands WHERE name = ${name}`);
    return b ? [Number(b.id)] : [];
  };
  await upsertChannel(db, cipher, {
    code: 'simulated',
    name: '模拟通道',
    protocol: 'simulated',
    secret: config.notifySecret,
    brandIds: [],
  });
  await upsertChannel(db, cipher, {
    code: 'hengxintong',
    name: '恒信通',
    protocol: 'hengxintong',
    acquirerPublicKey: DEMO_CHANNEL_KEYS.HENGXINTONG_ACQUIRER_PUBLIC,
    brandIds: await brand('联迪'),
  });
  await upsertChannel(db, cipher, {
    code: 'liandong',
    name: '联动',
    protocol: 'liandong',
    acquirerPublicKey: DEMO_CHANNEL_KEYS.LIANDONG_ACQUIRER_PUBLIC,
    platformPrivateKey: DEMO_CHANNEL_KEYS.LIANDONG_PLATFORM_PRIVATE,
    brandIds: await brand('新大陆'),
  });
}
