import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, renderRoutes, resetApi, stubApi } from '@/test-kit';

const { default: ExportsPage } = await import('./exports-page');
const { ExportButton } = await import('../components/export-button');

const item = (over: Record<string, unknown>) => ({
  id: 1,
  kind: 'terminals',
  status: 'running',
  rowsDone: 500,
  truncated: false,
  fileName: '终端-20261128-100000.xlsx',
  sizeBytes: null,
  error: null,
  createdAt: '2026-11-28T02:00:00.000Z',
  finishedAt: null,
  expiresAt: '2026-12-05T02:00:00.000Z',
  ...over,
});
let rows: ReturnType<typeof item>[] = [];
const calls: { path: string; body?: unknown; auth?: string | null }[] = [];

beforeEach(() => {
  calls.length = 0;
  stubApi(async (url, init) => {
    const auth = new Headers(init?.headers).get('authorization');
    calls.push({ path: url.pathname, body: init?.body && JSON.parse(String(init.body)), auth });
    if (url.pathname.endsWith('/export/download'))
      return new Response(new Blob(['PK']), { status: 200 });
    let data: unknown;
    if (url.pathname.endsWith('/export/list')) data = { rows, nextCursor: null };
    if (url.pathname.endsWith('/export/create')) data = item({ status: 'queued', rowsDone: 0 });
    return apiOk(data);
  });
});

afterEach(resetApi);

const renderAt = (path: string) =>
  renderRoutes(path, {
    '/pages/exports/index': <ExportsPage />,
    '/pages/home/terminal/terminalList': (
      <ExportButton kind="terminals" filters={{ bindStatus: 0, sn: undefined }} />
    ),
  });

describe('my exports', () => {
  it('shows the progress of one being written, then its rows and a download once done', async () => {
    rows = [item({})];
    renderAt('/pages/exports/index');
    const progress = await screen.findByTestId('export-progress');
    expect(progress.textContent).toContain('已写入 500 行');
    expect(screen.queryByTestId('export-download')).toBeNull();
    // The list is asked again while an export is being written.
    rows = [
      item({
        status: 'done',
        rowsDone: 1234,
        sizeBytes: 40_960,
        finishedAt: '2026-11-28T02:01:00.000Z',
      }),
    ];
    await waitFor(() => expect(screen.getByTestId('export-rows').textContent).toBe('1234 行'), {
      timeout: 4000,
    });
    expect(screen.queryByTestId('export-progress')).toBeNull();
    expect(screen.getByTestId('export-status').textContent).toBe('已完成');

    const created = vi.fn(() => 'blob:x');
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() }),
    );
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    fireEvent.click(screen.getByTestId('export-download'));
    await waitFor(() => expect(clicked).toHaveBeenCalled());
    const download = calls.find((c) => c.path.endsWith('/export/download'));
    // The file is fetched with the session, never linked.
    expect(download?.auth).toBe('Bearer t');
    expect(created).toHaveBeenCalled();
    clicked.mockRestore();
  });

  it('says so when there are none', async () => {
    rows = [];
    renderAt('/pages/exports/index');
    expect(await screen.findByTestId('export-empty')).toBeTruthy();
  });

  it("asks for an export with the list's filters and language, then shows my exports", async () => {
    rows = [item({ status: 'queued', rowsDone: 0 })];
    renderAt('/pages/home/terminal/terminalList');
    fireEvent.click(screen.getByTestId('export-terminals'));
    expect((await screen.findByTestId('export-progress')).textContent).toContain('排队中');
    const create = calls.find((c) => c.path.endsWith('/export/create'));
    expect(create?.body).toEqual({ kind: 'terminals', filters: { bindStatus: '0' }, lang: 'zh' });
  });
});
