import { relativeTime } from '@pos/core';
import { NoticeBar } from 'antd-mobile';
import { RightOutline, SoundOutline } from 'antd-mobile-icons';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { currentLang } from '@/lib/i18n';
import { useLatestNotice } from '../api/get-latest-notice';

/** The latest notice in one line; a tap opens the notice list. */
export function NoticeStrip() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: notice, isLoading } = useLatestNotice();
  // The strip's place is kept while the notice loads, so the shortcuts below do not move.
  if (isLoading) return <div className="home-notice home-notice-pending" aria-busy="true" />;
  const open = () => navigate('/pages/home/notice/notice');
  return (
    <div className="home-notice" data-testid="home-notice">
      <NoticeBar
        shape="rounded"
        color="info"
        icon={<SoundOutline />}
        onClick={open}
        content={
          notice ? (
            <span>
              {notice.title}
              <span className="home-notice-time">
                {relativeTime(notice.publishedAt, Date.now(), currentLang())}
              </span>
            </span>
          ) : (
            t('home.noticeEmpty')
          )
        }
        extra={
          <span className="home-notice-more">
            {t('home.noticeMore')}
            <RightOutline />
          </span>
        }
      />
    </div>
  );
}
