import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { PullRefresh } from '@/components/ui/pull-refresh';
import { agentInfoKey } from '@/lib/session';
import { homeBannersKey } from '../api/get-banners';
import { latestNoticeKey } from '../api/get-latest-notice';
import { BannerCarousel } from '../components/banner-carousel';
import { HomeHeader } from '../components/home-header';
import { NoticeStrip } from '../components/notice-strip';
import { ShortcutGrid } from '../components/shortcut-grid';
import '../home.css';
import '../i18n';

/** The home tab: who I am, the campaigns, the latest notice and a way into every feature. */
export default function HomePage() {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const refresh = () =>
    Promise.all([
      qc.refetchQueries({ queryKey: agentInfoKey }),
      qc.refetchQueries({ queryKey: homeBannersKey }),
      qc.refetchQueries({ queryKey: latestNoticeKey }),
    ]);
  return (
    <Page title={t('home.title')} hideNavBar className="home-page">
      <PullRefresh onRefresh={refresh}>
        <HomeHeader />
        <div className="home-content">
          <BannerCarousel />
          <NoticeStrip />
          <ShortcutGrid />
        </div>
      </PullRefresh>
    </Page>
  );
}
