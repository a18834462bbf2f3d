import { ErrorBlock } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Page } from './page';

/** Routes a later release completes answer with this instead of a blank screen. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('common.notAvailable')}>
      <ErrorBlock status="empty" title={t('common.notAvailable')} description={t('common.notAvailableDesc')} />
    </Page>
  );
}
