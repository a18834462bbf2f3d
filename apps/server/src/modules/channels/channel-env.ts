import { readFileSync } from 'node:fs';
import { isDemoKey } from './demo-keys';
import { adapterFor, protocols } from './registry';
import './protocols';

/**
 * Channels configured by the deployment's environment (decision 026), applied at start-up over
 * what the console holds for the same code:
 * - `CHANNELS`: the codes, comma separated (e.g. `hengxintong,liandong`);
 * - for each code, with `<C>` its upper-case form (`-` as `_`):
 *   `CHANNEL_<C>_PROTOCOL` (default: the code), `CHANNEL_<C>_NAME`,
 *   `CHANNEL_<C>_ACQUIRER_PUBLIC_KEY` / `..._FILE` (PEM; `\n` may stand for line breaks),
 *   `CHANNEL_<C>_PLATFORM_PRIVATE_KEY` / `..._FILE`, `CHANNEL_<C>_SECRET`,
 *   `CHANNEL_<C>_IP_ALLOW` (addresses or CIDR ranges, comma separated),
 *   `CHANNEL_<C>_BRANDS` (brand names, comma separated).
 * A variable left unset leaves the stored value alone.
 */
export interface ChannelEnv {
  code: string;
  name: string;
  protocol: string;
  acquirerPublicKey?: string;
  platformPrivateKey?: string;
  secret?: string;
  ipAllow?: string[];
  brands?: string[];
}

const list = (v: string | undefined) =>
  v === undefined
    ? undefined
    : v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);

export function channelsFromEnv(env: NodeJS.ProcessEnv = process.env): {
  channels: ChannelEnv[];
  problems: string[];
} {
  const problems: string[] = [];
  const channels: ChannelEnv[] = [];
  for (const code of list(env.CHANNELS) ?? []) {
    if (!/^[a-z][a-z0-9_-]{1,31}$/.test(code)) {
      problems.push(
        `CHANNELS: ${code} is not a channel code (lower-case letters, digits, - and _)`,
      );
      continue;
    }
    const p = `CHANNEL_${code.toUpperCase().replace(/-/g, '_')}_`;
    const pem = (name: string) => {
      const file = env[`${p}${name}_FILE`];
      if (file) {
        try {
          return readFileSync(file, 'utf8');
        } catch {
          problems.push(`${p}${name}_FILE: cannot read ${file}`);
          return undefined;
        }
      }
      const v = env[`${p}${name}`];
      return v ? v.replace(/\\n/g, '\n') : undefined;
    };
    const c: ChannelEnv = {
      code,
      name: env[`${p}NAME`] || code,
      protocol: env[`${p}PROTOCOL`] || code,
      acquirerPublicKey: pem('ACQUIRER_PUBLIC_KEY'),
      platformPrivateKey: pem('PLATFORM_PRIVATE_KEY'),
      secret: env[`${p}SECRET`] || undefined,
      ipAllow: list(env[`${p}IP_ALLOW`]),
      brands: list(env[`${p}BRANDS`]),
    };
    const adapter = adapterFor(c.protocol);
    if (!adapter)
      problems.push(`${p}PROTOCOL must be one of ${protocols().join(', ')} (got ${c.protocol})`);
    channels.push(c);
  }
  return { channels, problems };
}

/** What stops a production server: a channel without its keys, or on the published demo keys. */
export function channelProductionProblems(env: NodeJS.ProcessEnv = process.env): string[] {
  const problems: string[] = [];
  for (const c of channelsFromEnv(env).channels) {
    const p = `CHANNEL_${c.code.toUpperCase().replace(/-/g, '_')}_`;
    const adapter = adapterFor(c.protocol);
    for (const k of adapter?.requiredKeys ?? []) {
      const name =
        k === 'acquirerPublicKey'
          ? 'ACQUIRER_PUBLIC_KEY'
          : k === 'platformPrivateKey'
            ? 'PLATFORM_PRIVATE_KEY'
            : 'SECRET';
      if (!c[k]) problems.push(`${p}${name} must be set: without it every push is refused`);
    }
    if (isDemoKey(c.acquirerPublicKey) || isDemoKey(c.platformPrivateKey))
      problems.push(
        `${p}*: the demo channel keys are published with the source; configure the keys your acquirer issued`,
      );
  }
  return problems;
}
