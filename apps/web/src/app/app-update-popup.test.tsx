import type { AppUpdate } from '@pos/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '@/lib/i18n';
import { AppUpdatePopup } from './app-update-popup';

const update = (over: Partial<AppUpdate> = {}): AppUpdate => ({
  title: '拓客宝 1.2.0',
  contents: '1. 终端划拨支持批量选择\n2. 修复已知问题',
  is_mandatory: false,
  url: '/downloads/pos-agent-1.2.0.apk',
  platform: 'android',
  type: 'apk',
  version: '1.2.0',
  sha256: null,
  signature: null,
  size: null,
  ...over,
});

afterEach(cleanup);

describe('app-update popup', () => {
  it('shows the title and each line of what is new, and can be put off', () => {
    const onClose = vi.fn();
    render(<AppUpdatePopup update={update()} platform="android" onClose={onClose} />);
    expect(screen.getByText('拓客宝 1.2.0')).toBeTruthy();
    expect(screen.getByText('2. 修复已知问题')).toBeTruthy();
    fireEvent.click(document.querySelector('.adm-mask')!);
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByTestId('app-update-later'));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it('offers no way out of a mandatory update', () => {
    render(
      <AppUpdatePopup
        update={update({ is_mandatory: true })}
        platform="android"
        onClose={vi.fn()}
      />,
    );
    expect(screen.queryByTestId('app-update-later')).toBeNull();
    expect(screen.getByText('本次为重要更新，需更新后继续使用')).toBeTruthy();
    expect(screen.getByTestId('app-update-now')).toBeTruthy();
  });
});
