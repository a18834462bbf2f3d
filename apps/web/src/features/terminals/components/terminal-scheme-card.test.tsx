import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiOk, stubApi } from '@/test-kit';
import { i18n } from '@/lib/i18n';

const { TerminalSchemeCard } = await import('./terminal-scheme-card');

let answer: unknown;
const asked: URL[] = [];

beforeEach(() => {
  stubApi(async (url) => {
    asked.push(url);
    return apiOk(answer);
  });
});

afterEach(() => {
  cleanup();
  asked.length = 0;
  i18n.changeLanguage('zh');
  vi.unstubAllGlobals();
});

const draw = (activated = true) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TerminalSchemeCard sn="LD00000001" activated={activated} />
    </QueryClientProvider>,
  );

const scheme = {
  sn: 'LD00000001',
  frozen: true,
  policyName: '联迪标准政策',
  version: 2,
  activatedAt: '2026-11-10T02:00:00.000Z',
  unit: 'month',
  measure: 'volume',
  missEnds: true,
  review: 'pending',
  stages: [
    {
      stage: 1,
      start: '2026-11-10T02:00:00.000Z',
      end: '2026-11-30T16:00:00.000Z',
      target: 500_000,
      progress: 612_345,
      status: 'met',
      rewardFen: 8_000,
      myShareFen: 3_000,
      rewardStatus: 'held',
    },
  ],
};

describe('a terminal reward scheme card', () => {
  it("shows each stage's window, progress, reward and my share as the server sent them", async () => {
    answer = scheme;
    draw();
    await waitFor(() => expect(screen.getByTestId('scheme-stage-1')).toBeTruthy());
    expect(asked[0]!.pathname).toMatch(/\/api\/term-info\/scheme$/);
    expect(asked[0]!.searchParams.get('sn')).toBe('LD00000001');
    const stage = screen.getByTestId('scheme-stage-1').textContent!;
    expect(stage).toContain('第1阶段');
    expect(stage).toContain('已达标');
    expect(stage).toContain('待审核');
    // The last day of the stage is the day before its end instant (Shanghai).
    expect(stage).toContain('2026-11-10 至 2026-11-30');
    expect(screen.getByTestId('scheme-progress-1').textContent).toBe(
      '交易额 6,123.45 / 5,000.00 元',
    );
    expect(stage).toContain('奖励 80.00 元');
    expect(stage).toContain('我的 30.00 元');
    expect(screen.getByTestId('scheme-review').textContent).toContain('奖励待平台审核');
    expect(screen.getByTestId('scheme-meta').textContent).toContain('未达标即终止后续阶段');
  });

  it('says so in English, and when the terminal has no scheme', async () => {
    i18n.changeLanguage('en');
    answer = { ...scheme, frozen: false, stages: [], review: null };
    draw();
    await waitFor(() =>
      expect(screen.getByTestId('terminal-scheme').textContent).toContain(
        'This terminal has no reward scheme',
      ),
    );
    expect(screen.getByText('Reward scheme')).toBeTruthy();
  });

  it('asks nothing for a terminal not activated', () => {
    answer = scheme;
    draw(false);
    expect(screen.queryByTestId('terminal-scheme')).toBeNull();
    expect(asked).toHaveLength(0);
  });
});
