import type { Caller } from './auth';

/**
 * Live sessions remembered in this process, so an authenticated call does not read its session
 * from the database every time (issue 12). What ends a session or changes what a caller may see
 * evicts it at once:
 * - in this process, the logout and password routes evict after their change is committed;
 * - in every process, triggers on sessions (revoked) and agents (status, role, path, top,
 *   password, must-change flag) NOTIFY the channel below, and each process's listener evicts;
 * - while a process is not listening (connecting, reconnecting) it remembers nothing, and an
 *   entry never outlives its time to live, whatever happens.
 */
export const SESSION_EVICT_CHANNEL = 'pos_session_evict';

interface Entry {
  caller: Caller;
  /** The token's subject the session belongs to. */
  sub: string;
  until: number;
}

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Off until the process listens for evictions (and again whenever it stops listening). */
  enabled = false;

  constructor(
    private readonly ttlMs = 30_000,
    private readonly max = 50_000,
  ) {}

  get(sid: string, sub: string, now = Date.now()): Caller | undefined {
    if (!this.enabled) return undefined;
    const e = this.entries.get(sid);
    if (!e) return undefined;
    if (e.until <= now || e.sub !== sub) {
      this.entries.delete(sid);
      return undefined;
    }
    return { ...e.caller };
  }

  set(sid: string, sub: string, caller: Caller, sessionExpiresAt: number, now = Date.now()) {
    if (!this.enabled) return;
    if (this.entries.size >= this.max) {
      // Forget the oldest entry (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(sid, {
      caller: { ...caller },
      sub,
      until: Math.min(now + this.ttlMs, sessionExpiresAt),
    });
  }

  evictSession(sid: string) {
    this.entries.delete(sid);
  }

  evictAgent(agentId: number) {
    for (const [sid, e] of this.entries) if (e.caller.agentId === agentId) this.entries.delete(sid);
  }

  /** An eviction message from the channel: "s:<session id>" or "a:<agent id>". */
  apply(payload: string) {
    if (payload.startsWith('s:')) this.evictSession(payload.slice(2));
    else if (payload.startsWith('a:')) this.evictAgent(Number(payload.slice(2)));
    else this.clear();
  }

  clear() {
    this.entries.clear();
  }

  get size() {
    return this.entries.size;
  }
}

/** Every cache of this process (one per app; tests build several). */
const caches = new Set<SessionCache>();

export function registerSessionCache(cache: SessionCache): () => void {
  caches.add(cache);
  return () => caches.delete(cache);
}

/**
 * Forgets sessions in this process at once, where a session is ended or an agent's credentials
 * change (the database's eviction message then reaches the other processes).
 */
export function forgetSessions(which: { sessionId: string } | { agentId: number }) {
  for (const cache of caches) {
    if ('sessionId' in which) cache.evictSession(which.sessionId);
    else cache.evictAgent(which.agentId);
  }
}
