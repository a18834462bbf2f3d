import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { channelsFromEnv } from '../src/modules/channels/channel-env';
import { DEMO_CHANNEL_KEYS } from '../src/modules/channels/demo-keys';
import { configProblems } from '../src/ops/config-check';

const ownPublicKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
  type: 'spki',
  format: 'pem',
}) as string;

/** The channel problems of a production configuration with these variables. */
const channelProblems = (vars: Record<string, string>) =>
  configProblems(loadConfig({ NODE_ENV: 'production', ...vars }), {
    NODE_ENV: 'production',
    ...vars,
  }).filter((p) => p.startsWith('CHANNEL'));

describe('channels from the environment', () => {
  it('reads each listed channel, its keys (\\n for line breaks), allow-list and brands', () => {
    const { channels, problems } = channelsFromEnv({
      CHANNELS: 'hengxintong, liandong-2',
      CHANNEL_HENGXINTONG_ACQUIRER_PUBLIC_KEY: ownPublicKey.replace(/\n/g, '\\n'),
      CHANNEL_HENGXINTONG_IP_ALLOW: '10.0.0.0/8, 192.168.1.7',
      CHANNEL_HENGXINTONG_BRANDS: '联迪',
      CHANNEL_LIANDONG_2_PROTOCOL: 'hengxintong',
      CHANNEL_LIANDONG_2_NAME: '第二通道',
    });
    expect(problems).toEqual([]);
    expect(channels).toMatchObject([
      {
        code: 'hengxintong',
        protocol: 'hengxintong',
        acquirerPublicKey: ownPublicKey,
        ipAllow: ['10.0.0.0/8', '192.168.1.7'],
        brands: ['联迪'],
      },
      { code: 'liandong-2', protocol: 'hengxintong', name: '第二通道' },
    ]);
  });

  it('names a protocol the platform does not speak', () => {
    const { problems } = channelsFromEnv({ CHANNELS: 'acme' });
    expect(problems.join('\n')).toMatch(/CHANNEL_ACME_PROTOCOL must be one of .*hengxintong/);
  });

  it('production refuses a channel on the demo keys, or without its key', () => {
    expect(
      channelProblems({
        CHANNELS: 'hengxintong',
        CHANNEL_HENGXINTONG_ACQUIRER_PUBLIC_KEY: DEMO_CHANNEL_KEYS.HENGXINTONG_ACQUIRER_PUBLIC,
      }).join('\n'),
    ).toMatch(/demo channel keys/);
    expect(channelProblems({ CHANNELS: 'hengxintong' }).join('\n')).toMatch(
      /CHANNEL_HENGXINTONG_ACQUIRER_PUBLIC_KEY must be set/,
    );
    expect(
      channelProblems({
        CHANNELS: 'hengxintong',
        CHANNEL_HENGXINTONG_ACQUIRER_PUBLIC_KEY: ownPublicKey,
      }),
    ).toEqual([]);
  });
});
