import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { DownloadPanel } from '../components/download-panel';
import '../i18n';
import '../team.css';

/** Download the app: the package for the platform the page is opened on. */
export default function DownAppPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('team.downTitle')}
      className="team-page team-down-page"
      backTo="/pages/login/index"
    >
      <DownloadPanel />
    </Page>
  );
}
