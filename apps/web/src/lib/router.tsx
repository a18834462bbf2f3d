/**
 * The app's router: history, the current location, and the few route features the app uses
 * (static paths, one layout with an outlet, query-string state). React Router brought 29 KB
 * gzipped to every first screen for the same (decision 014); this is the part we need.
 *
 * Paths match whole, ignoring case and a trailing slash, and '*' matches anything. Navigations
 * render in a transition, so a page whose code is still loading leaves the current one on screen.
 * The first entry of a visit has the key 'default', as React Router's had: the back arrow uses it
 * to tell a page opened directly from one reached inside the app.
 */
import {
  Children,
  createContext,
  isValidElement,
  startTransition,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

export interface RouteObject {
  path?: string;
  element?: ReactNode;
  children?: RouteObject[];
}

interface History {
  location(): Location;
  push(to: string, state: unknown): void;
  replace(to: string, state: unknown): void;
  go(delta: number): void;
  listen(listener: () => void): () => void;
}

const newKey = () => Math.random().toString(36).slice(2, 10);

function split(url: string): Pick<Location, 'pathname' | 'search' | 'hash'> {
  const u = new URL(url, 'http://app.invalid');
  return { pathname: u.pathname, search: u.search, hash: u.hash };
}

/** `to` against the current location: absolute paths as they are, '?a=b' on the current page. */
function resolve(to: string, from: Location): string {
  const base = new URL(from.pathname + from.search, 'http://app.invalid');
  const u = new URL(to, base);
  return u.pathname + u.search + u.hash;
}

interface Entry {
  key: string;
  state: unknown;
}

function browserHistory(): History {
  const listeners = new Set<() => void>();
  let current: Location | null = null;
  const read = (): Location => {
    const entry = window.history.state as Partial<Entry> | null;
    return {
      pathname: window.location.pathname,
      search: window.location.search,
      hash: window.location.hash,
      state: entry?.state ?? null,
      key: entry?.key ?? 'default',
    };
  };
  const notify = () => {
    current = read();
    listeners.forEach((l) => l());
  };
  window.addEventListener('popstate', notify);
  return {
    location: () => (current ??= read()),
    push(to, state) {
      window.history.pushState({ key: newKey(), state } satisfies Entry, '', to);
      notify();
    },
    replace(to, state) {
      window.history.replaceState({ key: newKey(), state } satisfies Entry, '', to);
      notify();
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

function memoryHistory(initialEntries: string[]): History {
  const listeners = new Set<() => void>();
  const at = (url: string, key: string, state: unknown = null): Location => ({
    ...split(url),
    state,
    key,
  });
  const entries = (initialEntries.length ? initialEntries : ['/']).map((url, i) =>
    at(url, i === 0 ? 'default' : newKey()),
  );
  let index = entries.length - 1;
  const notify = () => listeners.forEach((l) => l());
  return {
    location: () => entries[index]!,
    push(to, state) {
      entries.splice(index + 1, entries.length, at(to, newKey(), state));
      index = entries.length - 1;
      notify();
    },
    replace(to, state) {
      entries[index] = at(to, newKey(), state);
      notify();
    },
    go(delta) {
      const next = Math.min(Math.max(index + delta, 0), entries.length - 1);
      if (next === index) return;
      index = next;
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

interface RouterState {
  history: History;
  location: Location;
}

const RouterContext = createContext<RouterState | null>(null);
/** The matched routes below the current one, for <Outlet />. */
const OutletContext = createContext<RouteObject[]>([]);

function useRouter(): RouterState {
  const router = useContext(RouterContext);
  if (!router) throw new Error('a router hook was used outside the router');
  return router;
}

/** Renders its children with a location that follows the history, changing in a transition. */
function HistoryProvider({ history, children }: { history: History; children: ReactNode }) {
  const [location, setLocation] = useState(history.location);
  useEffect(() => {
    // A store subscription would render synchronously; state set in a transition lets React keep
    // the current page up while the next one's code loads, as React Router did.
    const update = () => startTransition(() => setLocation(history.location()));
    update();
    return history.listen(update);
  }, [history]);
  const value = useMemo(() => ({ history, location }), [history, location]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

const samePath = (pattern: string, pathname: string) => {
  const trim = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p).toLowerCase();
  return pattern === '*' || trim(pattern) === trim(pathname);
};

/** The chain of routes that renders `pathname`, outermost first, or null. */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteObject[] | null {
  for (const route of routes) {
    if (route.children) {
      const inner = matchRoutes(route.children, pathname);
      if (inner) return [route, ...inner];
    } else if (route.path !== undefined && samePath(route.path, pathname)) {
      return [route];
    }
  }
  return null;
}

function RenderRoutes({ routes }: { routes: RouteObject[] }) {
  const { location } = useRouter();
  const matches = matchRoutes(routes, location.pathname);
  if (!matches) return null;
  const [first, ...rest] = matches;
  return <OutletContext.Provider value={rest}>{first!.element}</OutletContext.Provider>;
}

/** Where the child route of a layout route renders. */
export function Outlet() {
  const [first, ...rest] = useContext(OutletContext);
  if (!first) return null;
  return <OutletContext.Provider value={rest}>{first.element}</OutletContext.Provider>;
}

export interface BrowserRouter {
  routes: RouteObject[];
  history: History;
}

export function createBrowserRouter(routes: RouteObject[]): BrowserRouter {
  return { routes, history: browserHistory() };
}

export function RouterProvider({ router }: { router: BrowserRouter }) {
  return (
    <HistoryProvider history={router.history}>
      <RenderRoutes routes={router.routes} />
    </HistoryProvider>
  );
}

/** A router kept in memory, for tests. */
export function MemoryRouter({
  initialEntries = ['/'],
  children,
}: {
  initialEntries?: string[];
  children: ReactNode;
}) {
  const history = useMemo(() => memoryHistory(initialEntries), []); // eslint-disable-line react-hooks/exhaustive-deps
  return <HistoryProvider history={history}>{children}</HistoryProvider>;
}

export interface RouteProps {
  path: string;
  element: ReactNode;
}

/** Declares a route inside <Routes>; it renders nothing by itself. */
export function Route(_props: RouteProps): null {
  return null;
}

export function Routes({ children }: { children: ReactNode }) {
  const routes = Children.toArray(children)
    .filter((c): c is ReactElement<RouteProps> => isValidElement(c))
    .map((c) => ({ path: c.props.path, element: c.props.element }));
  return <RenderRoutes routes={routes} />;
}

export function useLocation(): Location {
  return useRouter().location;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  (delta: number): void;
}

/** A navigate function that stays the same across renders (safe in effect dependencies). */
export function useNavigate(): NavigateFunction {
  const router = useRouter();
  const latest = useRef(router);
  latest.current = router;
  return useMemo<NavigateFunction>(
    () =>
      (to: string | number, options: NavigateOptions = {}) => {
        const { history, location } = latest.current;
        if (typeof to === 'number') return history.go(to);
        const url = resolve(to, location);
        if (options.replace) history.replace(url, options.state ?? null);
        else history.push(url, options.state ?? null);
      },
    [],
  );
}

type SearchInit = URLSearchParams | string | Record<string, string>;

/** The query string as URLSearchParams, and a setter that navigates to the same page with new ones. */
export function useSearchParams(): [
  URLSearchParams,
  (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => void,
] {
  const { location } = useRouter();
  const navigate = useNavigate();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const latest = useRef(params);
  latest.current = params;
  const set = useMemo(
    () =>
      (next: SearchInit | ((prev: URLSearchParams) => SearchInit), options?: NavigateOptions) => {
        const init = typeof next === 'function' ? next(new URLSearchParams(latest.current)) : next;
        const query = new URLSearchParams(init).toString();
        navigate(`?${query}`, options);
      },
    [navigate],
  );
  return [params, set];
}

/** Goes to `to` as soon as it renders. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
}

/** A link that moves inside the app; a modified click (new tab, new window) is the browser's. */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { location } = useRouter();
  const navigate = useNavigate();
  const href = resolve(to, location);
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || (target && target !== '_self')) return;
    if (e.metaKey || e.altKey || e.ctrlKey || e.shiftKey) return;
    e.preventDefault();
    navigate(to, { replace, state });
  };
  return <a {...rest} href={href} target={target} onClick={click} />;
}
