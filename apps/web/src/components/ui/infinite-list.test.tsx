import { QueryClient, QueryClientProvider, useInfiniteQuery } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { InfiniteList, ListSkeleton } from './infinite-list';

afterEach(cleanup);

type Page = { rows: string[]; nextCursor: number | null };

/** A list whose pages come from `fetchPage(cursor)`; refreshing calls `onRefresh`. */
function setup(
  fetchPage: (cursor: number) => Promise<Page>,
  onRefresh = vi.fn(() => Promise.resolve()),
) {
  function List() {
    const query = useInfiniteQuery({
      queryKey: ['rows'],
      queryFn: ({ pageParam }) => fetchPage(pageParam),
      initialPageParam: 0,
      getNextPageParam: (last: Page) => last.nextCursor,
    });
    return (
      <InfiniteList
        query={query}
        onRefresh={onRefresh}
        empty="还没有记录"
        emptyTestId="rows-empty"
        skeleton={<ListSkeleton className="rows-loading" />}
      >
        {(rows) => (
          <ul data-testid="rows">
            {rows.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        )}
      </InfiniteList>
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <List />
    </QueryClientProvider>,
  );
  return { ...view, onRefresh };
}

const rowsShown = () =>
  Array.from(screen.getByTestId('rows').querySelectorAll('li'), (li) => li.textContent);

describe('infinite list', () => {
  it('shows the skeleton while the first page loads, then the rows', async () => {
    let resolve!: (p: Page) => void;
    const { container } = setup(() => new Promise<Page>((r) => (resolve = r)));
    expect(container.querySelector('.rows-loading')).not.toBeNull();
    expect(screen.queryByTestId('rows')).toBeNull();
    await act(async () => resolve({ rows: ['甲', '乙'], nextCursor: null }));
    await waitFor(() => expect(rowsShown()).toEqual(['甲', '乙']));
    expect(container.querySelector('.rows-loading')).toBeNull();
    // The last page: the footer says there is no more.
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('a failed first page shows the reason and its retry loads the list', async () => {
    let calls = 0;
    setup(async () => {
      calls += 1;
      if (calls === 1) throw new Error('网络不可用');
      return { rows: ['甲'], nextCursor: null };
    });
    const error = await screen.findByTestId('load-error');
    expect(error.textContent).toContain('网络不可用');
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    await waitFor(() => expect(rowsShown()).toEqual(['甲']));
    expect(screen.queryByTestId('load-error')).toBeNull();
  });

  it('no rows shows the empty text under its test id', async () => {
    setup(async () => ({ rows: [], nextCursor: null }));
    const empty = await screen.findByTestId('rows-empty');
    expect(empty.textContent).toContain('还没有记录');
    expect(screen.queryByTestId('rows')).toBeNull();
  });

  it('loads the next page on scroll; when it fails the footer offers a retry that loads it', async () => {
    // jsdom lays nothing out: the footer counts as shown (on screen) so the list loads on.
    const offsetParent = vi
      .spyOn(HTMLElement.prototype, 'offsetParent', 'get')
      .mockImplementation(() => document.body);
    onTestFinished(() => offsetParent.mockRestore());
    let failNext = true;
    setup(async (cursor) => {
      if (cursor === 0) return { rows: ['甲', '乙'], nextCursor: 1 };
      if (failNext) {
        failNext = false;
        throw new Error('timeout');
      }
      return { rows: ['丙'], nextCursor: null };
    });
    const retry = await screen.findByText(/加载失败/);
    // The first page stays on screen under the failed footer.
    expect(rowsShown()).toEqual(['甲', '乙']);
    fireEvent.click(retry);
    await waitFor(() => expect(rowsShown()).toEqual(['甲', '乙', '丙']));
    expect(await screen.findByText('没有更多了')).toBeTruthy();
  });

  it('pulling down past the threshold and letting go calls refresh', async () => {
    const { onRefresh } = setup(async () => ({ rows: ['甲'], nextCursor: null }));
    const list = await screen.findByTestId('rows');
    const root = list.closest('.pull-refresh')!;
    fireEvent.touchStart(root, { touches: [{ clientY: 100, clientX: 0 }] });
    fireEvent.touchMove(root, { touches: [{ clientY: 260, clientX: 0 }] });
    await act(async () => fireEvent.touchEnd(root));
    expect(onRefresh).toHaveBeenCalledTimes(1);
  });
});
