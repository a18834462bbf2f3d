import { CHUNK_LOAD_TIMEOUT_MS, LOGIN_PATH, ROUTE_PATHS, TAB_PATHS } from '@pos/core';
import {
  lazy,
  Suspense,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from '@/lib/router';
import { DelayedLoading } from '@/components/ui/delayed-loading';
import { ChunkLoadError, PageErrorBoundary } from '@/components/ui/page-error-boundary';
import type { PageLoader, PageRoutes } from '@/lib/routing';
import { getToken } from '@/lib/storage';
import { FIRST_ROUTES } from './first-routes';
import { RootLayout } from './root-layout';

/** A page chunk that takes longer than the spec's limit counts as failed. */
function withTimeout<M>(load: () => Promise<M>): () => Promise<M> {
  return () =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new ChunkLoadError('page chunk load timed out')),
        CHUNK_LOAD_TIMEOUT_MS,
      );
      load().then(
        (m) => {
          clearTimeout(timer);
          resolve(m);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(new ChunkLoadError(err instanceof Error ? err.message : String(err)));
        },
      );
    });
}

/** The first call loads; later calls get the same answer. */
function once<M>(load: () => Promise<M>): () => Promise<M> {
  let loading: Promise<M> | undefined;
  return () => (loading ??= load());
}

const notAvailable = lazy(() => import('@/components/ui/not-available-page'));

let routeTable: Promise<PageRoutes> | undefined;
/**
 * The route table of every page but the first ones (first-routes.ts), loaded when one of them is
 * opened or at the first touch or key (main.tsx). A failed load is tried again the next time.
 */
export function loadRouteTable(): Promise<PageRoutes> {
  routeTable ??= withTimeout(() => import('./page-registry'))().then(
    (m) => m.PAGE_ROUTES,
    (err: unknown) => {
      routeTable = undefined;
      throw err;
    },
  );
  return routeTable;
}

const TAB_PATH_LIST: readonly string[] = Object.values(TAB_PATHS);
const isTabPath = (path: string) => TAB_PATH_LIST.includes(path);

/**
 * The tab bar (with the kit's TabBar, its icons, the unread count and the message popup) is not
 * part of the entry: the login page never shows it. It loads with the first tab page opened, at
 * the same time as that page (tabLayoutFor), so it adds no round trip.
 */
type TabLayoutModule = { default: ComponentType<{ children: ReactNode }> };
const loadTabLayout = once(
  withTimeout((): Promise<TabLayoutModule> =>
    import('./tab-layout').then((m) => ({ default: m.TabLayout })),
  ),
);
/** The tab layout of one tab page, asked for together with the page itself. */
const tabLayoutFor = (loadPage: PageLoader) =>
  lazy(() => {
    void loadPage().catch(() => undefined);
    return loadTabLayout();
  });
const notFound = lazy(() => import('@/app/not-found-page'));

function RequireAuth({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  if (!getToken()) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${LOGIN_PATH}?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}

function element(
  Page: LazyExoticComponent<ComponentType>,
  isPublic: boolean,
  TabLayout?: LazyExoticComponent<ComponentType<{ children: ReactNode }>>,
) {
  let node = (
    <PageErrorBoundary>
      <Suspense fallback={<DelayedLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
  if (TabLayout) {
    node = (
      <PageErrorBoundary>
        <Suspense fallback={<DelayedLoading />}>
          <TabLayout>{node}</TabLayout>
        </Suspense>
      </PageErrorBoundary>
    );
  }
  return isPublic ? node : <RequireAuth>{node}</RequireAuth>;
}

/**
 * A page of the route table: the table, then the page, under one loading view and one error
 * boundary. Whether it needs a session is known once the table has come.
 */
function tableElement(path: string) {
  const Route = lazy(() =>
    loadRouteTable().then((table) => {
      const page = table[path];
      const Page = page ? lazy(once(withTimeout(page.load))) : notAvailable;
      const Found = () =>
        page?.public ? (
          <Page />
        ) : (
          <RequireAuth>
            <Page />
          </RequireAuth>
        );
      return { default: Found };
    }),
  );
  return element(Route, true);
}

export function buildRoutes(): RouteObject[] {
  const routes: RouteObject[] = ROUTE_PATHS.map((path) => {
    const page = FIRST_ROUTES[path];
    if (!page) return { path, element: tableElement(path) };
    const loadPage = once(withTimeout(page.load));
    const tabLayout = isTabPath(path) ? tabLayoutFor(loadPage) : undefined;
    return { path, element: element(lazy(loadPage), page.public ?? false, tabLayout) };
  });
  routes.push({ path: '*', element: element(notFound, true) });
  // One parent for every page, so what runs once per launch (cache notice, update check) lives
  // inside the router and can read the location.
  return [{ element: <RootLayout />, children: routes }];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
