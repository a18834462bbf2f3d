import type { TerminalListItem } from '@pos/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLang } from '@/lib/i18n';
import '../i18n';
import { TerminalCard } from './terminal-card';

afterEach(() => {
  cleanup();
  setLang('zh');
});

const terminal = (over: Partial<TerminalListItem>): TerminalListItem => ({
  id: 1,
  sn: 'LD00000001',
  brandId: 1,
  brandName: '联迪',
  model: 'E350',
  bindStatus: 0,
  holderAgentId: null,
  holderName: '平台',
  own: false,
  merchantId: null,
  merchantName: null,
  boundAt: null,
  activatedAt: null,
  activationDeadline: null,
  pending: false,
  ...over,
});

describe('TerminalCard holder', () => {
  it("names the platform's stock in the app's language", () => {
    setLang('en');
    render(<TerminalCard terminal={terminal({})} onOpen={() => undefined} />);
    expect(screen.getByTestId('terminal-LD00000001').textContent).toContain('Platform');
    expect(screen.getByTestId('terminal-LD00000001').textContent).not.toContain('平台');
  });
  it('says 我 for the agent itself and the masked name for a team member', () => {
    render(
      <>
        <TerminalCard
          terminal={terminal({ holderAgentId: 2, holderName: '张总', own: true })}
          onOpen={() => undefined}
        />
        <TerminalCard
          terminal={terminal({ sn: 'LD00000002', holderAgentId: 3, holderName: '李*' })}
          onOpen={() => undefined}
        />
      </>,
    );
    expect(screen.getByTestId('terminal-LD00000001').textContent).toContain('我');
    expect(screen.getByTestId('terminal-LD00000001').textContent).not.toContain('张总');
    expect(screen.getByTestId('terminal-LD00000002').textContent).toContain('李*');
  });
});
