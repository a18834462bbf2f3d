import { maskPhone } from '@pos/core';
import { Badge, Button, List, Skeleton } from 'antd-mobile';
import {
  BankcardOutline,
  FileOutline,
  CollectMoneyOutline,
  DownlandOutline,
  LockOutline,
  QuestionCircleOutline,
  MessageOutline,
  SetOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '@/lib/i18n';
// The kit's dialog through overlays, which load it at the first touch: imported here, it and its
// animation library (about 18 KB brotli) would be part of the mine tab's first screen.
import { Dialog } from '@/lib/overlays';
import { useNavigate } from '@/lib/router';
import { copyText } from '@/components/ui/copy-text';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { agentInfoKey, logout, useAgentInfo } from '@/lib/session';
import '../i18n';
import '@/features/message/i18n';
import '@/features/exports/i18n';
import { useUnreadMessages } from '@/features/message/api/messages';
import '../mine.css';

interface Entry {
  key: string;
  label: string;
  path: string;
  icon: ReactNode;
  color: string;
}

/** The mine tab: who I am, my invite code, and the way to my profile, money and settings. */
export default function MinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { data: info, isLoading } = useAgentInfo();

  const unread = useUnreadMessages().data ?? 0;
  const entries: Entry[] = [
    {
      key: 'messages',
      label: t('message.entry'),
      path: '/pages/message/index',
      icon: <MessageOutline />,
      color: '#ff3141',
    },
    {
      key: 'baseInfo',
      label: t('mine.baseInfo'),
      path: '/pages/myInfo/baseInfo/index',
      icon: <UserOutline />,
      color: '#1677ff',
    },
    {
      key: 'settlementAccount',
      label: t('mine.settlementAccount'),
      path: '/pages/myInfo/settlementAccount/index',
      icon: <BankcardOutline />,
      color: '#00b578',
    },
    {
      key: 'wallet',
      label: t('mine.wallet'),
      path: '/pages/earnings/index',
      icon: <CollectMoneyOutline />,
      color: '#ff8f1f',
    },
    {
      key: 'exports',
      label: t('exports.entry'),
      path: '/pages/exports/index',
      icon: <DownlandOutline />,
      color: '#1677ff',
    },
    {
      key: 'tickets',
      label: t('mine.tickets'),
      path: '/pages/ticket/index',
      icon: <QuestionCircleOutline />,
      color: '#00b578',
    },
    {
      key: 'school',
      label: t('mine.school'),
      path: '/pages/school/index',
      icon: <FileOutline />,
      color: '#ff8f1f',
    },
    {
      key: 'updatePassword',
      label: t('mine.updatePassword'),
      path: '/pages/myInfo/updatePassword/index',
      icon: <LockOutline />,
      color: '#7c5cfc',
    },
    {
      key: 'settings',
      label: t('mine.settings'),
      path: '/page-subpage/setting/index',
      icon: <SetOutline />,
      color: '#86909c',
    },
  ];

  const confirmLogout = async () => {
    const ok = await Dialog.confirm({
      content: t('mine.logoutConfirm'),
      confirmText: t('mine.logout'),
      cancelText: t('common.cancel'),
    });
    if (ok) await logout();
  };

  return (
    <Page title={t('mine.title')} hideNavBar className="mine-page">
      <PullRefresh onRefresh={() => qc.refetchQueries({ queryKey: agentInfoKey })}>
        <header className="mine-header" data-testid="mine-header">
          <div className="mine-profile">
            <div className="mine-avatar" aria-hidden>
              {info?.name?.charAt(0) ?? <UserOutline />}
            </div>
            <div className="mine-who">
              {isLoading && !info ? (
                <Skeleton.Paragraph lineCount={2} animated />
              ) : (
                <>
                  <div className="mine-name">
                    <span data-testid="mine-name">{info?.name ?? ''}</span>
                    {info?.levelName && <span className="mine-level">{info.levelName}</span>}
                  </div>
                  <div className="mine-mobile" data-testid="mine-mobile">
                    {maskPhone(info?.mobile)}
                  </div>
                </>
              )}
            </div>
          </div>
          {info?.inviteCode && (
            <div className="mine-invite">
              <span className="mine-invite-label">{t('mine.inviteCode')}</span>
              <span className="mine-invite-code" data-testid="mine-invite-code">
                {info.inviteCode}
              </span>
              <button
                type="button"
                className="mine-copy"
                data-testid="copy-invite-code"
                onClick={() => void copyText(info.inviteCode)}
              >
                {t('mine.copy')}
              </button>
            </div>
          )}
        </header>

        <List className="mine-list">
          {entries.map((e) => (
            <List.Item
              key={e.key}
              prefix={
                <span className="mine-entry-icon" style={{ color: e.color }}>
                  {e.icon}
                </span>
              }
              onClick={() => navigate(e.path)}
              data-testid={`mine-${e.key}`}
            >
              {e.label}
              {e.key === 'messages' && unread > 0 && (
                <Badge content={unread} style={{ marginLeft: 8 }} data-testid="mine-unread" />
              )}
            </List.Item>
          ))}
        </List>

        <div className="mine-logout">
          <Button
            block
            size="large"
            onClick={() => void confirmLogout()}
            data-testid="logout-button"
          >
            {t('mine.logout')}
          </Button>
        </div>
      </PullRefresh>
    </Page>
  );
}
