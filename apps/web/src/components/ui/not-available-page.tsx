import { TAB_PATHS } from '@pos/core';
import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';
import { useNavigate } from '@/lib/router';
import { Page } from './page';

/** Routes a later release completes answer with this instead of a blank screen. */
export default function NotAvailablePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('common.notAvailable')}>
      <div className="page-placeholder" data-testid="not-available">
        <ErrorBlock
          status="empty"
          title={t('common.notAvailable')}
          description={t('common.notAvailableDesc')}
        >
          <Button
            color="primary"
            fill="outline"
            shape="rounded"
            onClick={() => navigate(TAB_PATHS.home, { replace: true })}
          >
            {t('common.backHome')}
          </Button>
        </ErrorBlock>
      </div>
    </Page>
  );
}
