import { TAB_PATHS } from '@pos/core';
import { Button, ErrorBlock } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from '@/lib/i18n';
import { useNavigate, useSearchParams } from '@/lib/router';
import { Page } from '@/components/ui/page';
import { resolveRoute } from '../route-target';
import '../data.css';
import '../i18n';

/** /pages/home/com-route/com-route?path=: opens the page named, or says the link is not valid. */
export default function ComRoutePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = resolveRoute(params.get('path'));
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [navigate, target]);

  return (
    <Page
      title={target ? t('data.routeTitle') : t('data.routeInvalid')}
      className="data-page"
      backTo={TAB_PATHS.home}
    >
      {!target && (
        <ErrorBlock
          status="default"
          title={t('data.routeInvalid')}
          description={t('data.routeInvalidDesc')}
          className="data-empty"
          data-testid="route-invalid"
        >
          <Button
            color="primary"
            size="small"
            onClick={() => navigate(TAB_PATHS.home, { replace: true })}
          >
            {t('data.backHome')}
          </Button>
        </ErrorBlock>
      )}
    </Page>
  );
}
