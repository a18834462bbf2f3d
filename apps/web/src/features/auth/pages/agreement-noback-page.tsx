import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { AgreementView } from '../components/agreement-view';
import '../auth.css';
import '../i18n';

/** The same texts for pages opened on their own (an invitation link, a web view): no back button. */
export default function AgreementNobackPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('auth.agreementTitle')} noBack className="agreement-page">
      <AgreementView />
    </Page>
  );
}
