import { TAB_PATHS } from '@pos/core';
import TabBar from 'antd-mobile/es/components/tab-bar';
import { AppOutline, UnorderedListOutline, HistogramOutline, UserOutline } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useLocation, useNavigate } from '@/lib/router';
import { useUnreadMessages } from '@/features/message/api/messages';
import { MessagePopup } from '@/features/message/components/message-popup';

const TABS = [
  { key: TAB_PATHS.home, label: 'tab.home', icon: <AppOutline /> },
  { key: TAB_PATHS.terminal, label: 'tab.terminal', icon: <UnorderedListOutline /> },
  { key: TAB_PATHS.data, label: 'tab.data', icon: <HistogramOutline /> },
  { key: TAB_PATHS.mine, label: 'tab.mine', icon: <UserOutline /> },
] as const;

/**
 * The four-tab bar under the tab pages; the selected tab takes the primary blue. Loaded with the
 * first tab page opened (app/router.tsx), not with the entry.
 */
export function TabLayout({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { t } = useTranslation();
  const unread = useUnreadMessages().data ?? 0;
  return (
    <div className="tab-layout">
      <div className="tab-layout-body">{children}</div>
      <MessagePopup />
      <TabBar
        className="tab-bar"
        activeKey={pathname}
        onChange={(key) => navigate(key, { replace: true })}
        safeArea
      >
        {TABS.map((tab) => (
          <TabBar.Item
            key={tab.key}
            icon={tab.icon}
            title={t(tab.label)}
            badge={tab.key === TAB_PATHS.mine && unread > 0 ? unread : undefined}
          />
        ))}
      </TabBar>
    </div>
  );
}
