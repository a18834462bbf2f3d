import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { unstableSetRender } from 'antd-mobile';
import { kitRender } from '@/lib/kit-render';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes, Where } from '@/test-kit';

// The kit's dialogs render as main.tsx lets them under React 19.
unstableSetRender(kitRender);

const { default: WithdrawPage } = await import('./withdraw-page');

const ok = (data: unknown) => new Response(JSON.stringify({ code: 200, msg: 'ok', data }));

const fetchMock = vi.fn<typeof fetch>();
const applied: unknown[] = [];
const previews: URL[] = [];

beforeEach(() => {
  localStorage.setItem('token', JSON.stringify('t'));
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const path = url.pathname;
    if (path.endsWith('/api/ag/agent/wallet/showAgentWallet'))
      return ok({
        availableFen: 500000,
        wallets: [
          { walletType: 'profit', balanceFen: 500000 },
          { walletType: 'reward', balanceFen: 0 },
        ],
      });
    if (path.endsWith('/verifyCardImg')) return ok({ verified: true });
    if (path.endsWith('/payPwd/status')) return ok({ hasPayPassword: true });
    if (path.endsWith('/settlement/list'))
      return ok({
        own: {
          id: 7,
          kind: 'own',
          holderName: '张三',
          bankName: '招商银行',
          cardMasked: '6225 **** **** 1234',
          mobileMasked: null,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
        others: [],
      });
    if (path.endsWith('/api/ag/agent/withdraw/preview')) {
      previews.push(url);
      // Figures no browser rule would produce: the page must show these, not its own.
      return ok({
        walletType: 'profit',
        amountFen: Number(url.searchParams.get('amountFen')),
        feeFen: 333,
        taxFen: 77,
        vatFen: 52,
        pitFen: 25,
        taxChannelName: '灵活用工通道',
        taxAt: 'request',
        vatPpm: 26_000,
        pitPpm: 12_500,
        taxTermsKey: '4:2',
        netFen: 1590,
        availableFen: 500000,
        minFen: 1000,
      });
    }
    if (path.endsWith('/api/ag/agent/withdraw/apply')) {
      applied.push(JSON.parse(String(init?.body)));
      return ok({ id: 91 });
    }
    return new Response(JSON.stringify({ code: 404, msg: '数据不存在' }));
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  applied.length = 0;
  previews.length = 0;
  vi.unstubAllGlobals();
});

function renderPage() {
  return renderRoutes('/pages/earnings/earningsWithdrawal', {
    '*': (
      <>
        <WithdrawPage />
        <Where />
      </>
    ),
  });
}

const amountInput = () => within(screen.getByTestId('amount')).getByRole('textbox');
const typeAmount = (v: string) => fireEvent.change(amountInput(), { target: { value: v } });
async function typePassword(digits: string) {
  const box = screen.getByTestId('pay-password').querySelector('input')!;
  fireEvent.change(box, { target: { value: digits } });
}

describe('the withdraw page', () => {
  it('shows the server preview (amount, fee, tax, net, card) and posts nothing before the agent confirms', async () => {
    renderPage();
    await screen.findByTestId('submit-withdraw');
    typeAmount('20');
    await typePassword('123456');
    await act(async () => fireEvent.click(screen.getByTestId('submit-withdraw')));

    const dialog = await screen.findByTestId('withdraw-confirm');
    expect(within(dialog).getByTestId('confirm-amount').textContent).toBe('¥20.00');
    expect(within(dialog).getByTestId('confirm-fee').textContent).toBe('¥3.33');
    expect(within(dialog).getByTestId('confirm-tax').textContent).toBe('¥0.77');
    // VAT and personal income tax apart, and the channel they go through, as the server said.
    expect(within(dialog).getByTestId('confirm-vat').textContent).toBe('¥0.52');
    expect(within(dialog).getByTestId('confirm-pit').textContent).toBe('¥0.25');
    expect(within(dialog).getByTestId('confirm-tax-channel').textContent).toBe(
      '灵活用工通道 · 申请时扣税',
    );
    expect(within(dialog).getByTestId('confirm-net').textContent).toBe('¥15.90');
    expect(within(dialog).getByTestId('confirm-card').textContent).toContain('招商银行');
    expect(within(dialog).getByTestId('confirm-card').textContent).toContain('1234');
    expect(previews.some((u) => u.searchParams.get('amountFen') === '2000')).toBe(true);
    expect(applied).toHaveLength(0);

    // Cancelling freezes nothing.
    await act(async () =>
      fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: '再想想' })),
    );
    await act(async () => new Promise((r) => setTimeout(r, 100)));
    expect(applied).toHaveLength(0);

    // Confirming sends exactly what was shown (the newest dialog; the cancelled one may be fading).
    const asked = previews.length;
    await act(async () => fireEvent.click(screen.getByTestId('submit-withdraw')));
    // The charges are asked for again before the second confirmation.
    await waitFor(() => expect(previews.length).toBeGreaterThan(asked));
    const dialogs = await screen.findAllByRole('dialog');
    await act(async () =>
      fireEvent.click(within(dialogs.at(-1)!).getByRole('button', { name: '确认提现' })),
    );
    await waitFor(() => expect(applied).toHaveLength(1));
    expect(applied[0]).toMatchObject({
      walletType: 'profit',
      amountFen: 2000,
      accountId: 7,
      // What was confirmed: the server refuses it if the tax channel changed meanwhile.
      taxTermsKey: '4:2',
    });
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        '/pages/earnings/earningsWithdrawalInfo?id=91',
      ),
    );
  });

  it('clears an amount error as soon as the amount becomes valid, without resubmitting', async () => {
    renderPage();
    await screen.findByTestId('submit-withdraw');
    typeAmount('20.123');
    await typePassword('123456');
    await act(async () => fireEvent.click(screen.getByTestId('submit-withdraw')));
    expect(screen.getByText('金额格式错误，最多两位小数')).toBeTruthy();
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();

    typeAmount('20.12');
    expect(screen.queryByText('金额格式错误，最多两位小数')).toBeNull();
    // A new mistake in the field shows its own message at once.
    typeAmount('9999999');
    expect(screen.getByText('金额不能超过可用余额')).toBeTruthy();
    expect(applied).toHaveLength(0);
  });

  it('clears the pay password error once six digits are typed', async () => {
    renderPage();
    await screen.findByTestId('submit-withdraw');
    typeAmount('20');
    await act(async () => fireEvent.click(screen.getByTestId('submit-withdraw')));
    expect(screen.getByText('请输入6位数字支付密码')).toBeTruthy();
    await typePassword('123456');
    expect(screen.queryByText('请输入6位数字支付密码')).toBeNull();
  });
});
