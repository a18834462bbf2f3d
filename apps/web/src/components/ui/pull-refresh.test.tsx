import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PullRefresh } from './pull-refresh';

afterEach(cleanup);

function setup(onRefresh: () => Promise<unknown>) {
  render(
    <PullRefresh onRefresh={onRefresh}>
      <div data-testid="list">rows</div>
    </PullRefresh>,
  );
  const root = screen.getByTestId('list').parentElement!;
  const head = root.querySelector('.pull-refresh-head') as HTMLElement;
  const drag = (to: number, x = 0) =>
    fireEvent.touchMove(root, { touches: [{ clientY: to, clientX: x }] });
  return { root, head, drag };
}

describe('pull-to-refresh', () => {
  it('a short pull shows the hint and springs back without refreshing', async () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { root, head, drag } = setup(onRefresh);
    fireEvent.touchStart(root, { touches: [{ clientY: 100, clientX: 0 }] });
    drag(160);
    expect(head.textContent).toBe('下拉刷新');
    expect(head.style.height).toBe('30px');
    await act(async () => fireEvent.touchEnd(root));
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head.style.height).toBe('0px');
  });

  it('a pull past the threshold says so, refreshes on release and says when done', async () => {
    let finish!: () => void;
    const onRefresh = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { root, head, drag } = setup(onRefresh);
    fireEvent.touchStart(root, { touches: [{ clientY: 100, clientX: 0 }] });
    drag(260);
    expect(head.textContent).toBe('释放立即刷新');
    await act(async () => fireEvent.touchEnd(root));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    expect(head.textContent).toBe('刷新中...');
    // A second pull while refreshing does not start another refresh.
    fireEvent.touchStart(root, { touches: [{ clientY: 100, clientX: 0 }] });
    drag(260);
    await act(async () => fireEvent.touchEnd(root));
    expect(onRefresh).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(head.textContent).toBe('刷新成功');
  });

  it('moving up scrolls the list and never refreshes', async () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { root, head, drag } = setup(onRefresh);
    fireEvent.touchStart(root, { touches: [{ clientY: 300, clientX: 0 }] });
    drag(100);
    await act(async () => fireEvent.touchEnd(root));
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head.textContent).toBe('');
  });

  it('a sideways swipe (the banners, say) is never a pull, even as it drifts down', async () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { root, head, drag } = setup(onRefresh);
    fireEvent.touchStart(root, { touches: [{ clientY: 100, clientX: 200 }] });
    drag(110, 120);
    drag(260, 20);
    expect(head.textContent).toBe('');
    await act(async () => fireEvent.touchEnd(root));
    expect(onRefresh).not.toHaveBeenCalled();
  });

  it('a second finger during a pull closes the header without refreshing', async () => {
    const onRefresh = vi.fn(() => Promise.resolve());
    const { root, head, drag } = setup(onRefresh);
    fireEvent.touchStart(root, { touches: [{ clientY: 100, clientX: 0 }] });
    drag(260);
    expect(head.textContent).toBe('释放立即刷新');
    fireEvent.touchStart(root, {
      touches: [
        { clientY: 260, clientX: 0 },
        { clientY: 300, clientX: 100 },
      ],
    });
    await act(async () => fireEvent.touchEnd(root));
    expect(onRefresh).not.toHaveBeenCalled();
    expect(head.style.height).toBe('0px');
    expect(head.textContent).toBe('');
  });
});
