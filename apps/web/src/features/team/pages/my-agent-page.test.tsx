import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, Where } from '@/test-kit';

const { default: MyAgentPage } = await import('./my-agent-page');

const figures = { tradeAmountFen: 123456, tradeCount: 9, newMerchants: 2, activatedTerminals: 1 };
const member = (id: number, name: string, childCount: number) => ({
  id,
  name,
  mobile: `138****00${id}`,
  level: 1,
  levelName: 'V1',
  createdAt: '2026-11-01T00:00:00.000Z',
  childCount,
  teamSize: childCount,
  team: figures,
  terminals: { stock: 5, bound: 3, activated: 1 },
});

const fetchMock = vi.fn<typeof fetch>();
const listUrls: URL[] = [];

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify('t'));
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/api/ag/myAgent/list')) {
      listUrls.push(url);
      return new Response(
        JSON.stringify({
          code: 200,
          msg: 'ok',
          data: {
            parent: { id: 1, name: '张总', level: 3, levelName: 'V3' },
            crumbs: [{ id: 1, name: '张总' }],
            month: '2026-11',
            rows: [member(11, '李**', 2), member(12, '陈*', 0)],
            nextCursor: null,
          },
        }),
      );
    }
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  listUrls.length = 0;
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderRoutes('/pages/home/myAgent/index', {
    '*': (
      <>
        <MyAgentPage />
        <Where />
      </>
    ),
  });
}

describe('my agents page', () => {
  it('lists sub-agents with their team figures and masked names', async () => {
    renderPage();
    const cards = await screen.findAllByTestId('team-card');
    expect(cards).toHaveLength(2);
    expect(screen.getAllByTestId('agent-name').map((n) => n.textContent)).toEqual(['李**', '陈*']);
    expect(cards[0]!.textContent).toContain('¥1,234.56');
    expect(cards[0]!.textContent).toContain('5/3/1');
    // Only an agent with a team of its own offers the way down.
    expect(screen.getByTestId('drill-11')).toBeTruthy();
    expect(screen.queryByTestId('drill-12')).toBeNull();
  });

  it("names the terminal counts of each card as its team's, the sort by stock too", async () => {
    renderPage();
    const cards = await screen.findAllByTestId('team-card');
    expect(cards[0]!.textContent).toContain('团队库存/绑定/激活');
    expect(screen.getByTestId('sort-stock').textContent).toBe('团队库存');
  });

  it('sorts by the chosen figure, and flips the order on a second tap', async () => {
    renderPage();
    await screen.findAllByTestId('team-card');
    expect(listUrls.at(-1)!.searchParams.get('sort')).toBe('volume');
    fireEvent.click(screen.getByTestId('sort-newMerchants'));
    await waitFor(() => expect(listUrls.at(-1)!.searchParams.get('sort')).toBe('newMerchants'));
    expect(listUrls.at(-1)!.searchParams.get('order')).toBe('desc');
    fireEvent.click(screen.getByTestId('sort-newMerchants'));
    await waitFor(() => expect(listUrls.at(-1)!.searchParams.get('order')).toBe('asc'));
  });

  it("opens a sub-agent's own team and its details", async () => {
    renderPage();
    await screen.findAllByTestId('team-card');
    fireEvent.click(screen.getByTestId('drill-11'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe('/pages/home/myAgent/index?parentId=11'),
    );
    await waitFor(() => expect(listUrls.at(-1)!.searchParams.get('parentId')).toBe('11'));
    fireEvent.click(
      (await screen.findAllByTestId('team-card'))[1]!.querySelector('[role="button"]')!,
    );
    expect(screen.getByTestId('where').textContent).toBe('/pages/home/myAgent/agentDetail?id=12');
  });
});
