import { LOGIN_PATH } from '@pos/core';
import { useTranslation } from '@/lib/i18n';
import { Page } from '@/components/ui/page';
import { AgreementView } from '../components/agreement-view';
import '../auth.css';
import '../i18n';

/** The user agreement and privacy policy, with a back button to where the user came from. */
export default function AgreementPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('auth.agreementTitle')} backTo={LOGIN_PATH} className="agreement-page">
      <AgreementView />
    </Page>
  );
}
