import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { kitRender } from '@/lib/kit-render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, renderRoutes, stubApi } from '@/test-kit';

// The kit's toasts render as main.tsx lets them under React 19.
unstableSetRender(kitRender);

const { default: BindCardPage } = await import('./bind-card-page');

const posted: { path: string; body: unknown }[] = [];
const binAsked: string[] = [];

beforeEach(() => {
  stubApi(async (url, init) => {
    const path = url.pathname;
    if (path.endsWith('/settlement/cardBin')) {
      binAsked.push(url.searchParams.get('cardNo') ?? '');
      const known = url.searchParams.get('cardNo')?.startsWith('622202');
      return apiOk(known ? { bankName: '中国工商银行', cardTypeName: '储蓄卡' } : null);
    }
    posted.push({ path, body: JSON.parse(String(init?.body ?? 'null')) });
    return apiOk({ id: 5 });
  });
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  posted.length = 0;
  binAsked.length = 0;
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderRoutes('/pages/myInfo/bindCard/bindCard?mode=add', { '*': <BindCardPage /> });
}

const type = (testId: string, value: string) =>
  fireEvent.change(within(screen.getByTestId(testId)).getByRole('textbox'), {
    target: { value },
  });

describe('the bind settlement account page', () => {
  it('binds a bank card by default, with its bank', async () => {
    renderPage();
    expect(screen.getByText('绑定银行卡')).toBeTruthy();
    expect(screen.getByTestId('bank-name')).toBeTruthy();
    type('holder-name', '王小二');
    type('card-no', '6222 0212 3456 7890 128');
    type('bank-name', '工商银行');
    await act(async () => fireEvent.click(screen.getByTestId('save-card')));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      path: '/prod-api/app/api/user/settle/add',
      body: {
        accountType: 'bank',
        holderName: '王小二',
        cardNo: '6222021234567890128',
        bankName: '工商银行',
      },
    });
  });

  it('shows the bank of a card number once it has 12 digits, and nothing for a BIN the server does not know', async () => {
    renderPage();
    type('card-no', '6222 0212 345');
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(binAsked).toEqual([]);
    expect(screen.queryByTestId('card-bank')).toBeNull();
    type('card-no', '6222 0212 3456 7890 128');
    expect((await screen.findByTestId('card-bank')).textContent).toBe('中国工商银行 · 储蓄卡');
    expect(binAsked).toEqual(['6222021234567890128']);
    type('card-no', '9999 0000 1111 2222');
    await waitFor(() => expect(binAsked).toContain('9999000011112222'));
    await waitFor(() => expect(screen.queryByTestId('card-bank')).toBeNull());
  });

  it('binds an Alipay account by its login id, with no bank asked, and refuses one that is neither a mobile nor an e-mail', async () => {
    renderPage();
    await act(async () => fireEvent.click(screen.getByText('支付宝')));
    expect(screen.getByText('绑定支付宝账号')).toBeTruthy();
    expect(screen.queryByTestId('bank-name')).toBeNull();
    expect(screen.getByText('支付宝账号')).toBeTruthy();
    type('holder-name', '王小二');
    type('card-no', 'not-an-account');
    await act(async () => fireEvent.click(screen.getByTestId('save-card')));
    expect(await screen.findByText('支付宝账号须为手机号或邮箱')).toBeTruthy();
    expect(posted).toHaveLength(0);

    type('card-no', ' agent@example.com ');
    await act(async () => fireEvent.click(screen.getByTestId('save-card')));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.body).toEqual({
      accountType: 'alipay',
      holderName: '王小二',
      cardNo: 'agent@example.com',
    });
  });
});
