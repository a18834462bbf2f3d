import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, renderRoutes, stubApi } from '@/test-kit';

const { default: MallAddressEditPage } = await import('./address-edit-page');

const saves: unknown[] = [];

beforeEach(() => {
  stubApi(async (url, init) => {
    if (url.pathname.endsWith('/api/mall/addresses')) return apiOk([]);
    if (init?.method === 'POST') saves.push(url.pathname);
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
});

afterEach(() => {
  cleanup();
  saves.length = 0;
  vi.unstubAllGlobals();
});

describe('the address form', () => {
  it('marks 所在地区 required like the other required fields and says so when it is missing', async () => {
    window.history.replaceState(null, '', '/pages/mall/address-edit');
    renderRoutes('/pages/mall/address-edit', {
      '/pages/mall/address-edit': <MallAddressEditPage />,
    });
    const item = (testId: string) => screen.getByTestId(testId).closest('.adm-form-item')!;
    for (const field of ['address-name', 'address-mobile', 'address-region', 'address-detail'])
      expect(item(field).querySelector('.adm-form-item-required-asterisk')).not.toBeNull();

    await act(async () => fireEvent.click(screen.getByTestId('save-address')));
    await waitFor(() => expect(item('address-region').textContent).toContain('请选择所在地区'));
    expect(item('address-region').querySelectorAll('.adm-form-item-feedback-error')).toHaveLength(
      1,
    );
    expect(saves).toHaveLength(0);
  });
});
