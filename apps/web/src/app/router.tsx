import { CHUNK_LOAD_TIMEOUT_MS, LOGIN_PATH, ROUTE_PATHS } from '@pos/core';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, Navigate, useLocation, type RouteObject } from '@/lib/router';
import { DelayedLoading } from '@/components/ui/delayed-loading';
import { ChunkLoadError, PageErrorBoundary } from '@/components/ui/page-error-boundary';
import type { PageLoader } from '@/lib/routing';
import { getToken } from '@/lib/storage';
import { PAGE_ROUTES } from './page-registry';
import { RootLayout } from './root-layout';
import { isTabPath, TabLayout } from './tab-layout';

/** A page chunk that takes longer than the spec's limit counts as failed. */
function withTimeout(load: PageLoader): PageLoader {
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

const notAvailable = lazy(() => import('@/components/ui/not-available-page'));
const notFound = lazy(() => import('@/app/not-found-page'));

function RequireAuth({ children }: { children: React.ReactNode }) {
  const location = useLocation();
  if (!getToken()) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`${LOGIN_PATH}?redirect=${redirect}`} replace />;
  }
  return <>{children}</>;
}

function element(path: string, Page: LazyExoticComponent<ComponentType>, isPublic: boolean) {
  let node = (
    <PageErrorBoundary>
      <Suspense fallback={<DelayedLoading />}>
        <Page />
      </Suspense>
    </PageErrorBoundary>
  );
  if (isTabPath(path)) node = <TabLayout>{node}</TabLayout>;
  return isPublic ? node : <RequireAuth>{node}</RequireAuth>;
}

export function buildRoutes(): RouteObject[] {
  const routes: RouteObject[] = ROUTE_PATHS.map((path) => {
    const page = PAGE_ROUTES[path];
    const Page = page ? lazy(withTimeout(page.load)) : notAvailable;
    return { path, element: element(path, Page, page?.public ?? false) };
  });
  routes.push({ path: '*', element: element('*', notFound, true) });
  // One parent for every page, so what runs once per launch (cache notice, update check) lives
  // inside the router and can read the location.
  return [{ element: <RootLayout />, children: routes }];
}

export const createRouter = () => createBrowserRouter(buildRoutes());
