import { Button, ErrorBlock } from 'antd-mobile';
import { useTranslation } from '@/lib/i18n';

/** What a page shows when its data could not be loaded: the reason and a retry button. */
export function LoadError({ error, onRetry }: { error?: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const description =
    error instanceof Error && error.message ? error.message : t('common.loadFailed');
  return (
    <ErrorBlock
      status="default"
      title={t('common.loadFailed')}
      description={description}
      data-testid="load-error"
    >
      <Button color="primary" size="small" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </ErrorBlock>
  );
}
