import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  matchRoutes,
  useLocation,
  useNavigate,
  useSearchParams,
  type RouteObject,
} from './router';

function Where() {
  const location = useLocation();
  return (
    <div data-testid="where">
      {location.pathname}
      {location.search}|{location.key === 'default' ? 'first' : 'later'}
    </div>
  );
}

function Buttons() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  return (
    <>
      <button onClick={() => navigate('/b?x=1')}>push</button>
      <button onClick={() => navigate('/c', { replace: true })}>replace</button>
      <button onClick={() => navigate(-1)}>back</button>
      <button onClick={() => setParams({ tab: 'two' }, { replace: true })}>tab</button>
      <span data-testid="x">{params.get('x') ?? '-'}</span>
    </>
  );
}

const where = () => screen.getByTestId('where').textContent;
const click = (name: string) => act(async () => fireEvent.click(screen.getByText(name)));

afterEach(cleanup);

describe('router', () => {
  it('matches whole paths, ignoring case and a trailing slash, with * for the rest', () => {
    const routes: RouteObject[] = [
      {
        element: 'layout',
        children: [
          { path: '/pages/login/index', element: 'login' },
          { path: '*', element: 'not found' },
        ],
      },
    ];
    const names = (p: string) => matchRoutes(routes, p)?.map((r) => r.element);
    expect(names('/pages/login/index')).toEqual(['layout', 'login']);
    expect(names('/Pages/Login/Index/')).toEqual(['layout', 'login']);
    expect(names('/pages/login')).toEqual(['layout', 'not found']);
    expect(matchRoutes([{ path: '/a', element: 'a' }], '/b')).toBeNull();
  });

  it('pushes, replaces and goes back, marking only the first entry as the first', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route path="/a" element={<Where />} />
          <Route path="/b" element={<Where />} />
          <Route path="/c" element={<Where />} />
        </Routes>
        <Buttons />
      </MemoryRouter>,
    );
    expect(where()).toBe('/a|first');
    await click('push');
    expect(where()).toBe('/b?x=1|later');
    expect(screen.getByTestId('x').textContent).toBe('1');
    await click('replace');
    expect(where()).toBe('/c|later');
    await click('back');
    expect(where()).toBe('/a|first');
  });

  it('sets the query string of the current page', async () => {
    render(
      <MemoryRouter initialEntries={['/a?x=1']}>
        <Where />
        <Buttons />
      </MemoryRouter>,
    );
    await click('tab');
    expect(where()).toBe('/a?tab=two|later');
    expect(screen.getByTestId('x').textContent).toBe('-');
  });

  it('renders a layout around its child route through the outlet', () => {
    function Layout() {
      return (
        <section data-testid="layout">
          <Outlet />
        </section>
      );
    }
    render(
      <MemoryRouter initialEntries={['/inner']}>
        <Routes>
          <Route path="/inner" element={<Layout />} />
        </Routes>
      </MemoryRouter>,
    );
    // A route without children has an empty outlet.
    expect(screen.getByTestId('layout').textContent).toBe('');
  });

  it('follows links and <Navigate />', async () => {
    render(
      <MemoryRouter initialEntries={['/a']}>
        <Routes>
          <Route path="/a" element={<Link to="/b?from=a">to b</Link>} />
          <Route path="/b" element={<Navigate to="/c" replace />} />
          <Route path="/c" element={<Where />} />
        </Routes>
      </MemoryRouter>,
    );
    const link = screen.getByText('to b');
    expect(link.getAttribute('href')).toBe('/b?from=a');
    await act(async () => fireEvent.click(link));
    expect(where()).toBe('/c|later');
  });
});
