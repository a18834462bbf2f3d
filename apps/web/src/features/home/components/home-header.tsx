import { maskPhone } from '@pos/core';
import { BellOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { useAgentInfo } from '@/lib/session';

/** The blue header of the home tab: who is signed in, their level, and the way to the notices. */
export function HomeHeader() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: info, isLoading } = useAgentInfo();
  return (
    <header className="home-header" data-testid="home-header">
      <div className="home-header-row">
        <div className="home-avatar" aria-hidden>
          {info?.name?.charAt(0) ?? ''}
        </div>
        <div className="home-who">
          {isLoading && !info ? (
            <div className="home-who-skeleton" aria-busy="true">
              <span />
              <span />
            </div>
          ) : (
            <>
              <div className="home-name">
                <span data-testid="home-agent-name">{info?.name || t('home.agent')}</span>
                {info?.levelName && (
                  <span className="home-level" data-testid="home-agent-level">
                    {info.levelName}
                  </span>
                )}
              </div>
              <div className="home-sub">
                {maskPhone(info?.mobile)}
                {info?.inviteCode && (
                  <>
                    <span className="home-dot">·</span>
                    {t('home.inviteCode')} {info.inviteCode}
                  </>
                )}
              </div>
            </>
          )}
        </div>
        <button
          type="button"
          className="home-bell"
          aria-label={t('home.noticeTitle')}
          onClick={() => navigate('/pages/home/notice/notice')}
        >
          <BellOutline />
        </button>
      </div>
    </header>
  );
}
