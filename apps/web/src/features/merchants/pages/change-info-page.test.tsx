import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, renderRoutes, stubApi } from '@/test-kit';

const { default: ChangeInfoPage } = await import('./change-info-page');

const submits: unknown[] = [];

beforeEach(() => {
  stubApi(async (url, init) => {
    if (url.pathname.endsWith('/api/merchant/info'))
      return apiOk({
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
  });
});

afterEach(() => {
  cleanup();
  submits.length = 0;
  vi.unstubAllGlobals();
});

describe('the business licence form', () => {
  it('an empty credit code shows one message, not two; a malformed one shows the format', async () => {
    window.history.replaceState(null, '', '/pages/home/merchantSupplement/changeInfo?id=8');
    renderRoutes('/pages/home/merchantSupplement/changeInfo?id=8', {
      '/pages/home/merchantSupplement/changeInfo': <ChangeInfoPage />,
    });
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
