import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from '@/lib/router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const { default: ChangeInfoPage } = await import('./change-info-page');

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));
const submits: unknown[] = [];

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify('t'));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/api/merchant/info'))
        return ok({
          id: 8,
          name: '好运小卖部',
          address: '深圳市南山区科技园',
          licence: {
            status: 0,
            licenceNo: null,
            licenceName: null,
            licenceAddress: null,
            validTo: null,
            businessScope: null,
            fileId: null,
            reason: null,
            submittedAt: null,
          },
        });
      if (init?.method === 'POST') submits.push(url.pathname);
      return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
    }),
  );
});

afterEach(() => {
  cleanup();
  submits.length = 0;
  vi.unstubAllGlobals();
});

describe('the business licence form', () => {
  it('an empty credit code shows one message, not two; a malformed one shows the format', async () => {
    window.history.replaceState(null, '', '/pages/home/merchantSupplement/changeInfo?id=8');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/pages/home/merchantSupplement/changeInfo?id=8']}>
          <ChangeInfoPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const submit = await screen.findByTestId('licence-submit');
    await act(async () => fireEvent.click(submit));
    const item = screen.getByTestId('licence-no').closest('.adm-form-item')!;
    await waitFor(() =>
      expect(item.querySelectorAll('.adm-form-item-feedback-error')).toHaveLength(1),
    );
    expect(item.textContent).toContain('请填写统一社会信用代码');

    fireEvent.change(
      screen.getByTestId('licence-no').querySelector('input') ?? screen.getByTestId('licence-no'),
      {
        target: { value: '123' },
      },
    );
    await act(async () => fireEvent.click(submit));
    await waitFor(() => expect(item.textContent).toContain('统一社会信用代码应为18位字母或数字'));
    expect(item.querySelectorAll('.adm-form-item-feedback-error')).toHaveLength(1);
    expect(submits).toHaveLength(0);
  });
});
