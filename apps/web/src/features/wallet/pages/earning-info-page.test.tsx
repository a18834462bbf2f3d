import { EARNING_BASIS, EARNING_INFO_TYPES, type EarningDetail } from '@pos/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { setLang } from '@/lib/i18n';
import { MemoryRouter, Route, Routes } from '@/lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';

const { default: EarningInfoPage } = await import('./earning-info-page');

/** A line of the given kind with every basis figure filled, so only the kind decides the rows. */
const earning = (infoType: string): EarningDetail => ({
  id: 7,
  walletType: 'reward',
  infoType,
  amountFen: 1500,
  txnId: null,
  volumeFen: 1_000_000,
  source: null,
  originalAmountFen: null,
  balanceAfterFen: 1500,
  createdAt: '2026-11-27T17:42:00.000Z',
  basis: {
    volumeFen: 1_000_000,
    unit: 'fen',
    ownCost: 500,
    lowerRate: 18,
    diff: 300,
    policyVersion: null,
    reachedFen: 900,
    keepPpm: 500_000,
    merchantRate: 7000,
    standardRate: 6000,
    event: 'LD00000001',
  },
  reason: 'activation_reward',
  reversesLineId: null,
  transaction: null,
  formula: '',
  formulaEn: '',
});

afterEach(() => {
  cleanup();
  setLang('zh');
  localStorage.clear();
  vi.unstubAllGlobals();
});

function renderKind(infoType: string, lang: 'zh' | 'en') {
  localStorage.setItem('token', JSON.stringify('t'));
  setLang(lang);
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(
      async () => new Response(JSON.stringify({ code: 200, msg: 'ok', data: earning(infoType) })),
    ),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/pages/earnings/earningsInfo?id=7']}>
        <Routes>
          <Route path="*" element={<EarningInfoPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('earning detail: every kind explains itself', () => {
  for (const kind of EARNING_INFO_TYPES) {
    for (const lang of ['zh', 'en'] as const) {
      it(`labels the basis of ${kind} as its own (${lang})`, async () => {
        renderKind(kind, lang);
        const basis = await screen.findByTestId('earning-basis');
        const own = EARNING_BASIS[kind];
        const shown = within(basis)
          .queryAllByTestId(/^basis-/)
          .map((el) => el.getAttribute('data-testid')!.slice('basis-'.length));
        // Exactly the rows the kind defines, nothing generic from another kind.
        expect(shown.sort()).toEqual(Object.keys(own).sort());
        for (const [row, label] of Object.entries(own)) {
          const item = within(basis).getByTestId(`basis-${row}`);
          expect(item.textContent).toContain(lang === 'en' ? label.en : label.zh);
        }
        // The generic words of the old page never stand for a reward, fee share or allowance.
        if (kind !== 'trade_profit') {
          expect(basis.textContent).not.toMatch(/我的成本(?!费率)|下级费率|Your cost|Lower rate/);
        }
      });
    }
  }

  it('counts the allowance in activations and prices it per activation', async () => {
    renderKind('monthly_activation_base_subsidy', 'zh');
    const basis = await screen.findByTestId('earning-basis');
    expect(within(basis).getByTestId('basis-lowerRate').textContent).toContain('当月激活台数');
    expect(within(basis).getByTestId('basis-lowerRate').textContent).toContain('18 台');
    expect(within(basis).getByTestId('basis-ownCost').textContent).toContain('每台激活的补贴');
    expect(within(basis).getByTestId('basis-ownCost').textContent).toContain('5.00');
  });

  it('says what the activation reward volume is', async () => {
    renderKind('activation_reward', 'zh');
    const basis = await screen.findByTestId('earning-basis');
    expect(within(basis).getByTestId('basis-volumeFen').textContent).toContain(
      '绑定以来的刷卡交易额（已达激活标准）',
    );
  });
});
