import { TAB_PATHS } from '@pos/core';
import TabBar from 'antd-mobile/es/components/tab-bar';
import { AppOutline, UnorderedListOutline, HistogramOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from '@/lib/router';

const TABS = [
  { key: TAB_PATHS.home, label: 'tab.home', icon: <AppOutline /> },
  { key: TAB_PATHS.terminal, label: 'tab.terminal', icon: <UnorderedListOutline /> },
  { key: TAB_PATHS.data, label: 'tab.data', icon: <HistogramOutline /> },
  { key: TAB_PATHS.mine, label: 'tab.mine', icon: <UserOutline /> },
] as const;

export const isTabPath = (path: string) => TABS.some((t) => t.key === path);

/** The four-tab bar under the tab pages; the selected tab takes the primary blue. */
export function TabLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  return (
    <div className="tab-layout">
      <div className="tab-layout-body">{children}</div>
      <TabBar
        className="tab-bar"
        activeKey={pathname}
        onChange={(key) => navigate(key, { replace: true })}
        safeArea
      >
        {TABS.map((tab) => (
          <TabBar.Item key={tab.key} icon={tab.icon} title={t(tab.label)} />
        ))}
      </TabBar>
    </div>
  );
}
