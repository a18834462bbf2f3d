import type { ChannelAdapter } from './adapter';

/**
 * Protocol → adapter. A new protocol registers here (one line) and nothing else in the platform
 * changes: channels name their protocol, the route finds the adapter by it.
 */
const adapters = new Map<string, ChannelAdapter>();

export function registerAdapter(adapter: ChannelAdapter): void {
  adapters.set(adapter.protocol, adapter);
}

export function adapterFor(protocol: string): ChannelAdapter | undefined {
  return adapters.get(protocol);
}

export function protocols(): string[] {
  return [...adapters.keys()].sort();
}
