import { describe, expect, it } from 'vitest';
import { SessionCache } from '../src/plugins/session-cache';

const caller = (agentId: number, sid: string) => ({
  agentId,
  role: 'agent' as const,
  path: `/${agentId}/`,
  topId: agentId,
  sessionId: sid,
  mustChangePassword: false,
});

describe('the session cache', () => {
  it('remembers nothing until it listens for evictions', () => {
    const cache = new SessionCache();
    cache.set('s1', '1', caller(1, 's1'), Date.now() + 60_000);
    expect(cache.get('s1', '1')).toBeUndefined();
  });

  it('answers for its own subject only, and never past its time or the session', () => {
    const cache = new SessionCache(1_000);
    cache.enabled = true;
    const now = 1_000_000;
    cache.set('s1', '1', caller(1, 's1'), now + 500, now);
    expect(cache.get('s1', '1', now + 10)).toMatchObject({ agentId: 1 });
    expect(cache.get('s1', '2', now + 10)).toBeUndefined();
    cache.set('s1', '1', caller(1, 's1'), now + 500, now);
    expect(cache.get('s1', '1', now + 500)).toBeUndefined();
  });

  it('evicts a session, every session of an agent, or everything by its message', () => {
    const cache = new SessionCache();
    cache.enabled = true;
    for (const [sid, agent] of [
      ['a', 1],
      ['b', 1],
      ['c', 2],
    ] as const)
      cache.set(sid, String(agent), caller(agent, sid), Date.now() + 60_000);
    cache.apply('s:a');
    expect(cache.get('a', '1')).toBeUndefined();
    expect(cache.get('b', '1')).toBeDefined();
    cache.apply('a:1');
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('c', '2')).toBeDefined();
    cache.apply('?');
    expect(cache.size).toBe(0);
  });

  it('hands out copies, so a request cannot change what the next one sees', () => {
    const cache = new SessionCache();
    cache.enabled = true;
    cache.set('s', '1', caller(1, 's'), Date.now() + 60_000);
    cache.get('s', '1')!.path = '/9/';
    expect(cache.get('s', '1')!.path).toBe('/1/');
  });
});
