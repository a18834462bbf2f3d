import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { apiOk, renderRoutes, resetApi, stubApi } from '@/test-kit';

const { default: TicketListPage } = await import('./ticket-list-page');
const { default: TicketDetailPage } = await import('./ticket-detail-page');

const item = (id: number, status: number, replies: number) => ({
  id,
  type: id === 1 ? 3 : 1,
  status,
  summary: `问题${id}`,
  replies,
  rated: false,
  createdAt: '2026-11-28T02:00:00.000Z',
  updatedAt: '2026-11-28T03:00:00.000Z',
});
let rows: ReturnType<typeof item>[] = [];
let rated: { id: number; rating: number } | null = null;
const asked: string[] = [];

beforeEach(() => {
  rows = [item(1, 3, 1), item(2, 1, 0)];
  rated = null;
  asked.length = 0;
  stubApi(async (url, init) => {
    asked.push(url.pathname + url.search);
    let data: unknown;
    const detail = (id: number) => {
      const found = rows.find((r) => r.id === id)!;
      return {
        ...found,
        ...(rated?.id === id ? { status: 4, rated: true } : {}),
        description: `描述${id}：提现三天未到账`,
        images: [],
        replyList: found.replies
          ? [{ id: 9, body: '已为您加急处理', createdAt: found.updatedAt }]
          : [],
        rating: rated?.id === id ? rated.rating : null,
        ratingComment: null,
        ratedAt: rated?.id === id ? found.updatedAt : null,
        closedAt: rated?.id === id ? found.updatedAt : null,
      };
    };
    if (url.pathname.endsWith('/ticket/list')) {
      const status = Number(url.searchParams.get('status') ?? 0);
      data = { rows: rows.filter((r) => !status || r.status === status), nextCursor: null };
    } else if (url.pathname.endsWith('/ticket/detail')) {
      const id = Number(url.searchParams.get('id'));
      if (!rows.some((r) => r.id === id))
        return new Response(JSON.stringify({ code: 404, msg: '工单不存在' }));
      data = detail(id);
    } else if (url.pathname.endsWith('/ticket/rate')) {
      const body = JSON.parse(String(init?.body)) as { id: number; rating: number };
      rated = { id: body.id, rating: body.rating };
      data = detail(body.id);
    }
    return apiOk(data);
  });
});

afterEach(resetApi);

const renderAt = (path: string) =>
  renderRoutes(path, {
    '/pages/ticket/index': <TicketListPage />,
    '/pages/ticket/detail': <TicketDetailPage />,
  });

describe('support tickets', () => {
  it('lists tickets with their state and topic, and filters by state', async () => {
    renderAt('/pages/ticket/index');
    const cards = await screen.findAllByTestId('ticket-card');
    expect(cards).toHaveLength(2);
    expect(cards[0]!.textContent).toContain('已回复');
    expect(cards[0]!.textContent).toContain('提现问题');
    expect(cards[0]!.textContent).toContain('1条回复');
    const tabs = document.querySelector('.adm-tabs')!;
    fireEvent.click(
      [...tabs.querySelectorAll('.adm-tabs-tab')].find((e) => e.textContent === '待处理')!,
    );
    await waitFor(() => expect(screen.getAllByTestId('ticket-card')).toHaveLength(1));
    expect(asked.some((u) => u.includes('status=1'))).toBe(true);
  });

  it('says so when there are no tickets', async () => {
    rows = [];
    renderAt('/pages/ticket/index');
    expect(await screen.findByTestId('ticket-empty')).toBeTruthy();
  });

  it('shows the reply and sends a rating, after which the rating is shown', async () => {
    renderAt('/pages/ticket/detail?id=1');
    const replies = await screen.findByTestId('ticket-replies');
    expect(replies.textContent).toContain('已为您加急处理');
    fireEvent.click(screen.getByTestId('ticket-star-4'));
    fireEvent.click(screen.getByTestId('ticket-rate-submit'));
    await screen.findByTestId('ticket-rated');
    expect(rated).toEqual({ id: 1, rating: 4 });
  });

  it('offers no rating before a reply, and says a missing ticket is missing', async () => {
    renderAt('/pages/ticket/detail?id=2');
    await screen.findByTestId('ticket-detail');
    expect(screen.queryByTestId('ticket-rate')).toBeNull();
    cleanup();
    renderAt('/pages/ticket/detail?id=99');
    await waitFor(() => expect(screen.getByText('工单不存在')).toBeTruthy());
  });
});
