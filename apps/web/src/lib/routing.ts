import type { ComponentType } from 'react';

/** A lazily loaded page module. */
export type PageLoader = () => Promise<{ default: ComponentType }>;

export interface PageRoute {
  load: PageLoader;
  /** Public pages open without signing in (login, register, agreements, downloads). */
  public?: boolean;
}

/** Each feature exports one map from the spec's exact path to its page. */
export type PageRoutes = Record<string, PageRoute>;

/** Reads one query-string parameter of the current page (the spec's pages take no path params). */
export function useQueryParam(name: string): string | null {
  return new URLSearchParams(window.location.search).get(name);
}
