import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiOk, renderRoutes, resetApi, stubApi } from '@/test-kit';

const { default: MessageListPage } = await import('./message-list-page');
const { default: MessageDetailPage } = await import('./message-detail-page');

const item = (id: number, read: boolean) => ({
  id,
  type: id === 1 ? 4 : 2,
  title: `标题${id}`,
  summary: `摘要${id}`,
  important: id === 1,
  publishedAt: '2026-11-28T02:00:00.000Z',
  expiresAt: '2026-12-05T02:00:00.000Z',
  read,
});
let rows: ReturnType<typeof item>[] = [];
const read = new Set<number>();
/** A product event's link, by message id. */
const links: Record<number, string> = { 2: '/pages/earnings/earningsWithdrawalInfo?id=7' };

beforeEach(() => {
  read.clear();
  rows = [item(1, false), item(2, true)];
  stubApi(async (url) => {
    let data: unknown;
    if (url.pathname.endsWith('/message/list')) {
      data = {
        rows: rows.map((r) => ({ ...r, read: r.read || read.has(r.id) })),
        nextCursor: null,
      };
    } else if (url.pathname.endsWith('/message/detail')) {
      const id = Number(url.searchParams.get('id'));
      const found = rows.find((r) => r.id === id);
      if (!found) return new Response(JSON.stringify({ code: 404, msg: '消息不存在或已过期' }));
      read.add(id);
      data = { ...found, read: true, body: `正文${id}`, link: links[id] ?? null };
    }
    return apiOk(data);
  });
});

afterEach(resetApi);

const renderAt = (path: string) =>
  renderRoutes(path, {
    '/pages/message/index': <MessageListPage />,
    '/pages/message/detail': <MessageDetailPage />,
    '/pages/earnings/earningsWithdrawalInfo': <p>withdrawal page</p>,
  });

describe('message centre', () => {
  it('lists messages with their type, an unread dot on the unread one, and opens one read', async () => {
    renderAt('/pages/message/index');
    const cards = await screen.findAllByTestId('message-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('紧急');
    expect(cards[0]!.textContent).toContain('重要');
    expect(cards[0]!.querySelector('[data-testid="unread-dot"]')).not.toBeNull();
    expect(cards[1]!.querySelector('[data-testid="unread-dot"]')).toBeNull();
    fireEvent.click(cards[0]!);
    const detail = await screen.findByTestId('message-detail');
    expect(detail.textContent).toContain('标题1');
    expect(detail.textContent).toContain('正文1');
    expect(read.has(1)).toBe(true);
  });

  it('leads from a product event to the page it is about, and offers nothing without a link', async () => {
    renderAt('/pages/message/detail?id=1');
    await screen.findByTestId('message-detail');
    expect(screen.queryByTestId('message-link')).toBeNull();
    cleanup();
    renderAt('/pages/message/detail?id=2');
    fireEvent.click(await screen.findByTestId('message-link'));
    expect(await screen.findByText('withdrawal page')).toBeTruthy();
  });

  it('says so when there are no messages', async () => {
    rows = [];
    renderAt('/pages/message/index');
    expect(await screen.findByTestId('message-empty')).toBeTruthy();
  });

  it('says a message is missing when the server does not find it', async () => {
    renderAt('/pages/message/detail?id=99');
    await waitFor(() => expect(screen.getByText('消息不存在或已过期')).toBeTruthy());
  });
});
