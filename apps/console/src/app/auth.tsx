import type { AdminMe, Permission } from '@pos/core';
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { api, getToken, setToken, setUnauthorizedHandler } from '@/lib/api';

interface Auth {
  me: AdminMe | null;
  loading: boolean;
  can: (p: Permission) => boolean;
  signedIn: (token: string) => Promise<void>;
  signOut: () => Promise<void>;
}
const Ctx = createContext<Auth | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<AdminMe | null>(null);
  const [loading, setLoading] = useState(Boolean(getToken()));

  const load = useCallback(async () => {
    try {
      setMe(await api<AdminMe>('/auth/me', { quiet: true }));
    } catch {
      setMe(null);
    } finally {
      setLoading(false);
    }
  }, []);

  useEffect(() => {
    setUnauthorizedHandler(() => setMe(null));
    if (getToken()) void load();
  }, [load]);

  const value: Auth = {
    me,
    loading,
    can: (p) => Boolean(me?.operator.permissions.includes(p)),
    signedIn: async (token) => {
      setToken(token);
      setLoading(true);
      await load();
    },
    signOut: async () => {
      await api('/auth/logout', { body: {}, quiet: true }).catch(() => undefined);
      setToken(null);
      setMe(null);
    },
  };
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useAuth(): Auth {
  const v = useContext(Ctx);
  if (!v) throw new Error('useAuth outside AuthProvider');
  return v;
}
