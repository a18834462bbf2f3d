import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { DownloadPanel } from '../components/download-panel';
import '../i18n';
import '../team.css';

/**
 * The download page as another app's web view embeds it: the same offer without the app's own
 * header and back arrow, which the host app draws itself.
 */
export default function DownAppWebviewPage() {
  const { t } = useTranslation();
  return (
    <Page
      title={t('team.downWebviewTitle')}
      className="team-page team-down-page embedded"
      hideNavBar
      noBack
    >
      <DownloadPanel />
    </Page>
  );
}
